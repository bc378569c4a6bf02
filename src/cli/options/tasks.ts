// Tools that run as tasks, on both protocol eras.
import type { OptionSection } from './option.js';

export const TASK_OPTIONS = {
  title: 'Tasks (tools that run as long-running tasks, both protocol eras)',
  options: [
    {
      name: 'task',
      type: 'boolean',
      help: [
        'Run a tool as a task when it allows one (2025-11-25 taskSupport',
        '"optional"); tools that require a task always run as one.',
      ],
    },
    {
      name: 'no-task',
      type: 'boolean',
      help: [
        'Never use tasks: no task-augmented calls, no 2026 Tasks extension, no',
        'client-hosted elicitation tasks. A tool that needs one fails, saying so.',
        'While a task runs, a terminal shows "working… (12 s) — <status>" on',
        'stderr (elsewhere one line per status change); Ctrl-C cancels the task.',
      ],
    },
    {
      name: 'task-timeout',
      type: 'string',
      placeholder: '<time>',
      help: [
        'End a task still running after <time> (90s, 30m, 2h; default 1h), or',
        "sooner at the task's own ttl; the server is sent tasks/cancel.",
      ],
    },
  ],
} as const satisfies OptionSection;
