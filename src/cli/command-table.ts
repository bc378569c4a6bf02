// Every command: what it does, how many words it takes, which options apply, an example. Drives
// the command check, per-command help (`mcp-elicit call --help`) and shell completion.

export interface CommandInfo {
  readonly summary: string;
  readonly usage: readonly string[];
  /** Positional words after the command word (`call <tool>` takes 1). */
  readonly operands: number;
  /** Option names (as in the option table, options/index.ts) shown in this command's help. */
  readonly options: readonly string[];
  readonly example: string;
  /** Where an option means something else for this command: its description lines. */
  readonly optionText?: Readonly<Record<string, readonly string[]>>;
}

const SIGN_IN = ['client-id', 'client-secret-env', 'client-metadata-url', 'callback-port', 'scope'];
const SERVER = ['url', 'header', 'config', 'server', 'name', 'env', 'pass-env', ...SIGN_IN];
const FRONT_END = [
  'ui',
  'record',
  'answers',
  'allow-env',
  'set',
  'accept-defaults',
  'decline',
  'cancel',
  'open-urls',
  'allow-deceptive-urls',
  'modes',
  'audit-log',
  'rate-limit',
  'notify',
  'remind',
];
const PROTOCOL = ['protocol', 'no-era-cache'];
const PARK = ['park', 'park-ttl'];

export const COMMANDS = {
  tools: {
    summary: "List the server's tools.",
    usage: ['mcp-elicit [options] tools -- <command> [args...]', 'mcp-elicit [options] tools --url <url>'],
    operands: 0,
    options: [...SERVER, 'timeout', ...FRONT_END, ...PROTOCOL, 'json', 'verbose'],
    example: 'mcp-elicit tools -- npx -y @modelcontextprotocol/server-everything',
  },
  call: {
    summary: 'Call a tool, answering any elicitation it makes.',
    usage: [
      'mcp-elicit [options] call <tool> [--args <json>] [--arg key=value] -- <command> [args...]',
      'mcp-elicit [options] call <tool> [--args <json>] [--arg key=value] --url <url>',
    ],
    operands: 1,
    options: [
      'args',
      'arg',
      'timeout',
      'log-level',
      'task',
      'no-task',
      'task-timeout',
      ...SERVER,
      ...FRONT_END,
      ...PARK,
      ...PROTOCOL,
      'json',
      'verbose',
    ],
    example:
      'mcp-elicit --accept-defaults --set name=Ada call trigger-elicitation-request -- npx -y @modelcontextprotocol/server-everything',
  },
  prompts: {
    summary: "List the server's prompts and their arguments.",
    usage: [
      'mcp-elicit [options] prompts -- <command> [args...]',
      'mcp-elicit [options] prompts --url <url>',
    ],
    operands: 0,
    options: [...SERVER, 'timeout', ...FRONT_END, ...PROTOCOL, 'json', 'verbose'],
    example: 'mcp-elicit prompts -- npx -y @modelcontextprotocol/server-everything',
  },
  prompt: {
    summary: 'Get a prompt, answering any elicitation it makes.',
    usage: ['mcp-elicit [options] prompt <name> [--args <json>] [--arg key=value] -- <command> [args...]'],
    operands: 1,
    options: [
      'args',
      'arg',
      'timeout',
      'log-level',
      ...SERVER,
      ...FRONT_END,
      ...PARK,
      ...PROTOCOL,
      'json',
      'verbose',
    ],
    example: 'mcp-elicit prompt greeting -- node dist/demo/main.js',
  },
  resources: {
    summary: "List the server's resources and resource templates.",
    usage: [
      'mcp-elicit [options] resources -- <command> [args...]',
      'mcp-elicit [options] resources --url <url>',
    ],
    operands: 0,
    options: [...SERVER, 'timeout', ...FRONT_END, ...PROTOCOL, 'json', 'verbose'],
    example: 'mcp-elicit resources -- npx -y @modelcontextprotocol/server-everything',
  },
  read: {
    summary: 'Read a resource, answering any elicitation it makes.',
    usage: ['mcp-elicit [options] read <uri> -- <command> [args...]'],
    operands: 1,
    options: ['timeout', 'log-level', ...SERVER, ...FRONT_END, ...PARK, ...PROTOCOL, 'json', 'verbose'],
    example: 'mcp-elicit read demo://vault/motto -- node dist/demo/main.js',
  },
  answer: {
    summary: 'Answer a parked question (call --park); print what comes next.',
    usage: [
      'mcp-elicit answer <id> --set key=value ... | --args <json> | --accept-defaults',
      'mcp-elicit answer <id> --done | --decline | --cancel',
      'mcp-elicit answer <id> --paste-back < address (a parked sign-in)',
      'mcp-elicit answer <id> --ui terminal | plain | browser',
    ],
    operands: 1,
    options: [
      'set',
      'args',
      'accept-defaults',
      'done',
      'paste-back',
      'decline',
      'cancel',
      'ui',
      'notify',
      'json',
    ],
    example: "mcp-elicit answer 3q2-7Wm9cQ1Yk0bZ8xT5Aw --set 'name=Ada'",
    optionText: {
      args: ['The answer as a JSON object of field values (over --set).'],
      set: ["One field's value, typed by the field (repeatable)."],
      'accept-defaults': ["Accept the form with the server's defaults (and any --set)."],
      decline: ['Say no to the question.'],
      cancel: ['Withdraw the question: the server is told cancel (a parked sign-in stops).'],
      ui: [
        'Put the question in front of a person in that front-end (terminal,',
        'plain, browser, or auto) instead of the flags above; leaving it there',
        'sends nothing: the question stays parked, what was typed kept for later.',
      ],
    },
  },
  pending: {
    summary: 'List the parked questions waiting for an answer.',
    usage: ['mcp-elicit pending [--json]'],
    operands: 0,
    options: ['json'],
    example: 'mcp-elicit pending --json',
  },
  demo: {
    summary: 'Tour of every form type against the bundled demo server.',
    usage: ['mcp-elicit [options] demo'],
    operands: 0,
    options: [
      'ui',
      'record',
      'answers',
      'allow-env',
      'set',
      'accept-defaults',
      'decline',
      'cancel',
      'modes',
      'timeout',
      'json',
      'verbose',
    ],
    example: 'mcp-elicit demo',
  },
  proxy: {
    summary: 'Serve an MCP host, answering the elicitations it cannot.',
    usage: [
      'mcp-elicit [options] proxy -- <command> [args...]',
      'mcp-elicit proxy --print-config [--print-config-format json|codex] --config <file> [--server <name>]',
      'mcp-elicit proxy --listen 127.0.0.1:<port> [--token-file <file> | --no-token] [--session-idle <seconds>] -- <command> [args...]',
    ],
    operands: 0,
    options: [
      'elicit',
      'keep-alive',
      'print-config',
      'print-config-format',
      'listen',
      'token-file',
      'no-token',
      'session-idle',
      ...SERVER,
      'timeout',
      ...FRONT_END,
      ...PROTOCOL,
      'verbose',
    ],
    example: 'mcp-elicit proxy -- npx -y @modelcontextprotocol/server-everything',
    optionText: {
      ui: [
        'browser (default: pages on 127.0.0.1 opened in BROWSER or the system',
        'browser) or scripted; the host owns stdin and stdout, so the',
        'terminal and plain front-ends cannot be used here.',
      ],
    },
  },
  auth: {
    summary: 'Sign in (login), list sign-ins (status), sign out (logout).',
    usage: [
      'mcp-elicit [options] auth login --url <url> | --config <file> [--server <name>]',
      'mcp-elicit auth status [--url <url>] [--json]',
      'mcp-elicit auth logout --url <url> | --config <file> [--server <name>]',
    ],
    operands: 1,
    options: [
      'url',
      'header',
      'config',
      'server',
      'name',
      ...SIGN_IN,
      'timeout',
      ...FRONT_END,
      ...PROTOCOL,
      'json',
      'verbose',
    ],
    example: 'mcp-elicit auth login --url https://mcp.example.com/mcp',
  },
  servers: {
    summary: 'List the servers in an mcpServers config file.',
    usage: ['mcp-elicit servers --config <file>'],
    operands: 0,
    options: ['config', 'json'],
    example: 'mcp-elicit servers --config ~/.cursor/mcp.json',
  },
  completion: {
    summary: 'Print a shell completion script for bash, zsh or fish.',
    usage: ['mcp-elicit completion bash|zsh|fish'],
    operands: 1,
    options: [],
    example: 'mcp-elicit completion bash > ~/.local/share/bash-completion/completions/mcp-elicit',
  },
  help: {
    summary: 'Show help, for everything or for one command.',
    usage: ['mcp-elicit help [command]', 'mcp-elicit <command> --help', 'mcp-elicit --help --all'],
    operands: 0,
    options: ['all'],
    example: 'mcp-elicit help call',
  },
} as const satisfies Record<string, CommandInfo>;

export type CommandName = keyof typeof COMMANDS;

export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

export function isCommand(word: string): word is CommandName {
  return Object.hasOwn(COMMANDS, word);
}

/** The usage message when a command's operand is missing. */
export const OPERAND_USAGE: Partial<Record<CommandName, string>> = {
  call: 'call needs a tool name: mcp-elicit call <tool> [--args <json>] [--arg key=value]',
  prompt: 'prompt needs a prompt name: mcp-elicit prompt <name> [--args <json>] [--arg key=value]',
  read: 'read needs a resource URI: mcp-elicit read <uri>',
  answer:
    'answer needs the id of a parked question: mcp-elicit answer <id> --set key=value (mcp-elicit pending lists them)',
  auth: 'auth needs an action: mcp-elicit auth login|status|logout [--url <url>]',
};

/** The actions of `mcp-elicit auth`. */
export const AUTH_ACTIONS = ['login', 'status', 'logout'] as const;

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
