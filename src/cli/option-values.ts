// The values each option can be completed with, from the same lists the parsers accept, so a value
// added to an option (`--ui browser`) reaches every shell's completion without another edit.
import { NOTIFY_CHOICES } from '../core/attention.js';
import { ELICIT_CHOICES, MODE_CHOICES, PROTOCOL_CHOICES, UI_CHOICES } from './arg-values.js';
import { LOG_LEVELS } from './log-level.js';

/** Fixed values to offer, `files` for a path; options not listed take free text (a URL, a name). */
export const OPTION_VALUES: Readonly<Record<string, readonly string[] | 'files'>> = {
  ui: UI_CHOICES,
  protocol: PROTOCOL_CHOICES,
  modes: MODE_CHOICES,
  'log-level': LOG_LEVELS,
  elicit: ELICIT_CHOICES,
  'rate-limit': ['off'],
  notify: NOTIFY_CHOICES,
  remind: ['off'],
  config: 'files',
  answers: 'files',
  record: 'files',
  'audit-log': 'files',
};
