// What a stdio server gets from the environment beyond the SDK's safe set.
import type { OptionSection } from './option.js';

export const SERVER_ENV_OPTIONS = {
  title: 'Stdio server environment',
  options: [
    {
      name: 'env',
      type: 'string',
      multiple: true,
      placeholder: 'NAME=value',
      before: [
        '  A stdio server gets only HOME, LOGNAME, PATH, SHELL, TERM and USER from your environment (the',
        '  SDK\'s safe set; on Windows its own list), plus the "env" of its config entry, plus:',
      ],
      help: ['Set a variable for the server (repeatable; wins over the config).'],
    },
    {
      name: 'pass-env',
      type: 'string',
      multiple: true,
      placeholder: '<name>',
      help: [
        'Pass a variable of yours through (repeatable); * is a wildcard, e.g.',
        "'AWS_*'. --pass-env '*' passes your whole environment, with every token",
        'and secret in it: only for servers you trust with all of them.',
      ],
    },
  ],
} as const satisfies OptionSection;
