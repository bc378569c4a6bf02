// The front-end flags checked together: --ui, the scripted flags that imply --ui scripted, and
// --record, which only a person's answers can go with.
import { ElicitError } from '../contracts/elicit-error.js';
import { parseUi, type UiChoice } from './arg-values.js';
import type { OptionValues } from './options/index.js';

export interface AnswerFlags {
  /** --ui as given, if it was. */
  readonly ui: UiChoice | undefined;
  /** A scripted flag was given (--answers, --set, --accept-defaults, ...). */
  readonly impliedScripted: boolean;
}

/** The front-end and how elicitations are answered: --ui, the scripted flags, --record. */
export function answerFlags(v: OptionValues): AnswerFlags {
  const impliedScripted = [
    v.answers !== undefined,
    (v.set ?? []).length > 0,
    !!v['accept-defaults'],
    !!v.decline,
    !!v.cancel,
    !!v['open-urls'],
    !!v['allow-deceptive-urls'],
  ].some(Boolean);
  if ([v.decline, v.cancel, v['accept-defaults']].filter(Boolean).length > 1) {
    throw new ElicitError('usage', '--accept-defaults, --decline and --cancel exclude each other');
  }
  const ui = parseUi(v.ui);
  if (ui !== undefined && ui !== 'scripted' && impliedScripted) {
    throw new ElicitError(
      'usage',
      `--ui ${ui} cannot be combined with --answers, --set, --accept-defaults, --decline, --cancel, --open-urls or --allow-deceptive-urls (they imply --ui scripted)`,
    );
  }
  if (v.record !== undefined && (ui === 'scripted' || impliedScripted)) {
    throw new ElicitError(
      'usage',
      '--record writes down what a person answers; it cannot be combined with --ui scripted or the scripted flags (--answers, --set, ...). Replay the recording with --answers <file>',
    );
  }
  if (v.record === '') throw new ElicitError('usage', '--record needs a file name');
  return { ui, impliedScripted };
}
