// The request itself: a tool's or prompt's arguments and how long it may take.
import type { OptionSection } from './option.js';

export const REQUEST_OPTIONS = {
  title: 'Tool call and prompt',
  options: [
    {
      name: 'args',
      type: 'string',
      placeholder: '<json>',
      help: ["Arguments as a JSON object (a prompt's are strings)."],
    },
    {
      name: 'arg',
      type: 'string',
      multiple: true,
      placeholder: 'key=value',
      help: [
        "One argument (repeatable), typed by the tool's inputSchema: numbers,",
        'true/false, JSON for objects and arrays; wins over --args. A name the',
        "tool or prompt does not take, or a prompt's required one left out, is",
        'a usage error (exit 2).',
      ],
    },
    {
      name: 'timeout',
      type: 'string',
      placeholder: '<seconds>',
      help: [
        'Time a request may take, not counting time spent answering',
        'elicitations (default 60). A running task is bounded by its ttl and',
        '--task-timeout instead; each of its status requests gets this limit.',
      ],
    },
  ],
} as const satisfies OptionSection;
