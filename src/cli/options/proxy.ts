// proxy's own options, listed under the proxy command in --help.
import { ELICIT_CHOICES } from '../arg-values.js';
import type { OptionSection } from './option.js';

export const PROXY_OPTIONS = {
  options: [
    {
      name: 'elicit',
      type: 'string',
      placeholder: '<who>',
      values: ELICIT_CHOICES,
      help: [
        'proxy: auto (default: the host answers the modes it declared, the proxy',
        "the rest), host, or self (the proxy's own front-end: --ui browser, the",
        'default, or --ui scripted).',
      ],
    },
    {
      name: 'keep-alive',
      type: 'string',
      placeholder: '<seconds>|off',
      values: ['off'],
      help: [
        "proxy: while the proxy's own front-end waits for a person, keep the host's",
        'request alive this often (default 20): progress on its progress token',
        '(2025-11-25), an input_required round it retries (2026-07-28).',
      ],
    },
    {
      name: 'print-config',
      type: 'boolean',
      help: [
        'proxy: print the mcpServers entry that puts --config/--server behind it,',
        'running this mcp-elicit by absolute path and keeping --elicit, --ui and',
        'the answer flags given with it.',
      ],
    },
  ],
} as const satisfies OptionSection;
