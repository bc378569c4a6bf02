// Parked questions: --park on a request, how long it waits, and --done for a parked URL step.
import type { OptionSection } from './option.js';

export const PARK_OPTIONS = {
  title: 'Parked questions (answer later)',
  options: [
    {
      name: 'park',
      type: 'boolean',
      help: [
        'call, prompt, read: when the server asks something, print the question',
        'and exit 6 at once; a holder process keeps the request until',
        '`mcp-elicit answer <id>` answers it, or (a 2026-07-28 HTTP server)',
        'the round, or the task by its id, is saved and no process is left',
        '(MCP_ELICIT_PARK=1: the same for every call, prompt and read not',
        'given scripted answers).',
      ],
    },
    {
      name: 'park-ttl',
      type: 'string',
      placeholder: '<duration>',
      help: [
        'How long parked questions wait: seconds, or 30m, 2h (default 1h);',
        'a saved 2026-07-28 round with a requestState: at most 600 s; a saved',
        'task: at most until its ttl runs out.',
      ],
    },
    {
      name: 'done',
      type: 'boolean',
      help: [
        'answer: the person finished the parked URL step in the browser, or',
        'signed in (a parked sign-in: waits until the sign-in completes).',
      ],
    },
    {
      name: 'paste-back',
      type: 'boolean',
      help: [
        'answer: a parked sign-in whose browser is on another machine: reads',
        'the address the browser ended on, one line, from stdin (never an',
        'argument: it holds the authorization code).',
      ],
    },
  ],
} as const satisfies OptionSection;
