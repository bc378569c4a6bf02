// Who answers elicitations and how: the front-end, scripted answers, URL steps, limits and notices.
import { NOTIFY_CHOICES } from '../../core/attention.js';
import { MODE_CHOICES, UI_CHOICES } from '../arg-values.js';
import type { OptionSection } from './option.js';

export const FRONT_END_OPTIONS = {
  title: 'Front-end',
  options: [
    {
      name: 'ui',
      type: 'string',
      placeholder: '<name>',
      values: UI_CHOICES,
      help: [
        'auto (default: the terminal form when stdin is a TTY, else plain lines),',
        'terminal, plain, browser (pages on 127.0.0.1 opened in BROWSER or the',
        'system browser), scripted. Prompts go to a terminal (stdout, else',
        'stderr, else /dev/tty), so stdout redirected to a file gets only the',
        'result.',
      ],
    },
    {
      name: 'record',
      type: 'string',
      placeholder: '<file>',
      values: 'files',
      help: [
        'Write every answer a person gives (terminal, plain or browser) to <file>',
        '(0600) as an --answers file, entry by entry as they are given. Values',
        'of fields that look secret (password, token, API key, PIN, ...) are',
        'left out and listed in the entry\'s "supply"; URL steps keep the',
        'decision, never the URL. Replay with --answers <file>.',
      ],
    },
    {
      name: 'answers',
      type: 'string',
      placeholder: '<file>',
      values: 'files',
      help: [
        'Scripted answers: a JSON array of',
        '{"action":"accept"|"decline"|"cancel","content"?:{...},"when"?:"<text in message>",',
        '"mode"?:"form"|"url","tool"?:"<name>","fields"?:[...],"supply"?:[...]}',
        'used in order, each by the first elicitation it matches (when: text in',
        'the message; tool: the tool, prompt or URI asking; fields: exactly the',
        "form's field names). Accepted content is merged over the defaults; a",
        'value {"$env":"NAME"} is read from that variable if --allow-env allows',
        'it. Each "supply" field needs --set or a {"$env"} value, checked before',
        'the run starts. An entry nothing matched is named in a warning.',
      ],
    },
    {
      name: 'allow-env',
      type: 'string',
      multiple: true,
      placeholder: '<names>',
      help: [
        'The variables the --answers file may read with {"$env"} (repeatable or',
        'comma-separated); any other is refused before connecting (exit 2).',
        'The names read are printed on stderr, never their values.',
      ],
    },
    {
      name: 'set',
      type: 'string',
      multiple: true,
      placeholder: 'field=value',
      help: [
        'Answer a field in every form that has it (repeatable; comma-separated for',
        'multi-select). Alone, it accepts with defaults for the other fields.',
      ],
    },
    {
      name: 'accept-defaults',
      type: 'boolean',
      help: ['Accept every form with its defaults (plus --set values).'],
    },
    {
      name: 'decline',
      type: 'boolean',
      help: ['Decline every elicitation.'],
    },
    {
      name: 'cancel',
      type: 'boolean',
      help: [
        'Cancel every elicitation.',
        'These flags and --open-urls imply --ui scripted. When no scripted',
        'answer applies or an answer does not validate, the elicitation is',
        'answered cancel (never decline) and the reason is printed on stderr.',
      ],
    },
    {
      name: 'open-urls',
      type: 'boolean',
      help: [
        'Scripted: consent to URL-mode steps and open them (BROWSER is honoured);',
        'the step counts as done once the opener command has exited. URLs that',
        'may not go where they seem (user-info, look-alike or international hosts,',
        'raw IP hosts other than this computer, heavy encoding) are not opened:',
        "answered cancel (unsafe-url). Every URL's warnings go to stderr and --json.",
      ],
    },
    {
      name: 'allow-deceptive-urls',
      type: 'boolean',
      help: ['Scripted: open such URLs anyway (their warnings are still recorded).'],
    },
    {
      name: 'modes',
      type: 'string',
      placeholder: '<list>',
      values: MODE_CHOICES,
      help: [
        'Elicitation modes to declare: form, url or form,url (default: form,url for',
        'interactive front-ends, form for scripted unless --open-urls or an',
        '--answers entry has "mode":"url").',
      ],
    },
    {
      name: 'rate-limit',
      type: 'string',
      placeholder: '<n>|off',
      values: ['off'],
      help: [
        'Prompts a server may show in a row, then per minute (default 10). Over it,',
        'a terminal or plain prompt asks whether to mute the server; a script',
        'answers cancel (rate-limited). Separately, at most 16 prompts of a server',
        'wait at once (1024 with off); more are answered cancel (queue-full).',
      ],
    },
    {
      name: 'notify',
      type: 'string',
      placeholder: '<how>',
      values: NOTIFY_CHOICES,
      help: [
        "When a prompt waits for you: auto (default: the terminal's bell and",
        'notification escapes, OSC 9/777, when prompts are on a terminal, plus a',
        'desktop notification where notify-send, osascript or powershell.exe',
        'exists), bell, desktop, or off. Scripted runs never notify. The text is ours: the',
        'server\'s name and "asks you to fill in a form", never its message.',
        'With --park: a desktop notice for each question that parks, with its',
        '`mcp-elicit answer <id> --ui terminal` command (only when --notify is given).',
      ],
    },
    {
      name: 'remind',
      type: 'string',
      placeholder: '<seconds>|off',
      values: ['off'],
      help: [
        'Remind again while a prompt stays unanswered, every <seconds> (default',
        '180, at most 3 times); off for the first notice only.',
      ],
    },
  ],
} as const satisfies OptionSection;
