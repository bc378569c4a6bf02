// Which protocol era to speak, and the cache that remembers a server's.
import { PROTOCOL_CHOICES } from '../arg-values.js';
import type { OptionSection } from './option.js';

export const PROTOCOL_OPTIONS = {
  title: 'Protocol',
  options: [
    {
      name: 'protocol',
      type: 'string',
      placeholder: '<p>',
      values: PROTOCOL_CHOICES,
      help: [
        "auto (default: probe once, then remember the server's era), 2025-11-25,",
        '2026-07-28, or another version like 2025-06-18 (legacy and modern: aliases).',
      ],
    },
    {
      name: 'no-era-cache',
      type: 'boolean',
      help: [
        'Do not read or write the era cache ($XDG_CACHE_HOME/mcp-elicit/eras.json,',
        'by default ~/.cache/mcp-elicit/eras.json, or $MCP_ELICIT_CACHE_DIR), which',
        'lets auto and 2026-07-28 pins skip the probe.',
      ],
    },
  ],
} as const satisfies OptionSection;
