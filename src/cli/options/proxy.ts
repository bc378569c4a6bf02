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
        'request alive this often: progress on its progress token (2025-11-25,',
        'default every 5 s), an input_required round it retries (2026-07-28,',
        "default every 45 s, as each round counts against the host's cap).",
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
    {
      name: 'print-config-format',
      type: 'string',
      placeholder: 'json|codex',
      values: ['json', 'codex'],
      help: [
        'proxy --print-config: json (default: an mcpServers entry) or codex',
        "(Codex's config.toml table, [mcp_servers.<name>]).",
      ],
    },
    {
      name: 'listen',
      type: 'string',
      placeholder: '<host:port>',
      help: [
        'proxy: serve hosts that take a URL (MCP Streamable HTTP) on a loopback',
        'address, e.g. 127.0.0.1:0 (0: a free port); the URL is printed on',
        'stderr. Each host session gets its own upstream session.',
      ],
    },
    {
      name: 'token-file',
      type: 'string',
      placeholder: '<file>',
      values: 'files',
      help: [
        'proxy --listen: the bearer token hosts must send, read from <file>',
        '(trimmed; refused if group or others may read it). Without it a',
        'random token is made and printed once on stderr beside the URL.',
      ],
    },
    {
      name: 'session-idle',
      type: 'string',
      placeholder: '<seconds>|off',
      values: ['off'],
      help: [
        'proxy --listen: end a 2025-11-25 host session (and its upstream',
        'session) that has no request open and sent none for this long',
        '(default 1800 s); its next request gets 404 and it starts anew.',
      ],
    },
    {
      name: 'no-token',
      type: 'boolean',
      help: [
        'proxy --listen: no bearer token check (any program on this machine',
        'may connect; for test suites that cannot send one). Host and Origin',
        'are still checked.',
      ],
    },
  ],
} as const satisfies OptionSection;
