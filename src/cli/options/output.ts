// What the CLI prints: the --json report, the audit log, server logs, verbosity, help and version.
import { LOG_LEVELS } from '../log-level.js';
import type { OptionSection } from './option.js';

export const OUTPUT_OPTIONS = {
  title: 'Output',
  options: [
    {
      name: 'json',
      type: 'boolean',
      help: [
        'Print one JSON object on stdout:',
        '{"ok","result","elicitations":[{"server","mode","message","fields"?,"action","content"?,',
        '"reason"?,"url"?,"site"?,"siteAscii"?,"host"?,"warnings"?,"error"?}],',
        '"tasks"?:[{"taskId","tool","era","status","history":[{"status",',
        '"statusMessage"?,"elapsedMs"}]}],"protocol":{"era","version"},',
        '"activity"?:[{"kind":"progress"|"log",...}],"error"?} (prompts, if any,',
        "go to a terminal, never stdout). site is the URL's registrable domain as",
        'a person reads it (Unicode); siteAscii and host are what the browser',
        'really visits (xn-- form).',
        'Control, bidi and line-separator characters in strings are written as',
        '\\u escapes.',
      ],
    },
    {
      name: 'audit-log',
      type: 'string',
      placeholder: '<file>',
      values: 'files',
      help: [
        'Append one JSON line per elicitation to <file> (created private, 0600):',
        'time, server, mode, message, URL with site and warnings, action, cancel',
        'reason, and the names (never values) of fields sent.',
      ],
    },
    {
      name: 'log-level',
      type: 'string',
      placeholder: '<level>',
      values: LOG_LEVELS,
      help: [
        'Ask the server for log messages at this level and above (debug, info,',
        'notice, warning, error, critical, alert, emergency; sent as',
        'logging/setLevel, or per request on 2026-07-28). Default: warning and',
        'above are shown, nothing is asked of the server.',
        'While a request runs, progress and log messages show on stderr: a live',
        'line on a terminal; without one only with -v; with --json they are',
        'recorded in "activity". A server slow to start shows "starting <name>…".',
      ],
    },
    {
      name: 'verbose',
      type: 'boolean',
      short: 'v',
      help: [
        "Show the server's stderr (cleaned of escape codes, each line prefixed with",
        "the server's name), the names of the variables it gets, and each",
        "elicitation's outcome, on stderr.",
      ],
    },
    {
      name: 'help',
      type: 'boolean',
      short: 'h',
      help: ['A first screen: the commands and the common options.'],
    },
    {
      name: 'all',
      type: 'boolean',
      help: ['With --help: this full listing of every command and option.'],
    },
    {
      name: 'version',
      type: 'boolean',
      help: ['Print the version.'],
    },
  ],
} as const satisfies OptionSection;
