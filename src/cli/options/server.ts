// Which server to talk to: --url, --config and what goes with them (the `--` command is not an option).
import type { OptionSection } from './option.js';

export const SERVER_OPTIONS = {
  title: 'Server (exactly one, except for demo)',
  intro: ['  -- <command> [args...]  Start a stdio server (everything after -- is the command).'],
  options: [
    {
      name: 'url',
      type: 'string',
      placeholder: '<url>',
      help: ['A Streamable HTTP server.'],
    },
    {
      name: 'header',
      type: 'string',
      multiple: true,
      placeholder: '"Name: value"',
      help: ['Extra HTTP header (repeatable), e.g. authorization.'],
    },
    {
      name: 'config',
      type: 'string',
      placeholder: '<file>',
      values: 'files',
      help: ['An mcpServers JSON file (Claude Desktop, Cursor, Claude Code, VS Code)'],
    },
    {
      name: 'server',
      type: 'string',
      placeholder: '<name>',
      help: ['  ...and the server entry to use from it (not needed when there is one).'],
    },
    {
      name: 'name',
      type: 'string',
      placeholder: '<label>',
      help: ['How the server is named in prompts (default: config name, command or host).'],
    },
  ],
} as const satisfies OptionSection;
