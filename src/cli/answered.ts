// Did a scripted or piped run answer every elicitation as it was asked to? A cancel the script
// chose (`--cancel`, an answers entry) is as asked; one it fell back to (no answer applied, the
// answer did not fit, the URL was refused, piped answers ran out) is not, and the run exits 4 so CI
// notices.
import { sanitizeText } from '../core/sanitize.js';
import type { ElicitationEvent } from '../mcp/events.js';
import type { CliArgs, ScriptedAnswerLike } from './args.js';
import { nearest } from './suggest.js';

const FALLBACK_REASONS = new Set([
  'input-ended',
  'no-answer',
  'host-unfit',
  'unattributable',
  'invalid-answer',
  'unsatisfiable',
  'unsafe-url',
  'browser-failed',
  'timeout',
  'rate-limited',
  'queue-full',
]);

/**
 * The elicitations a scripted run could not answer as asked; for a person's front-end, those left
 * when piped answers ran out (a person's own cancel at a terminal is an answer).
 */
export function unansweredElicitations(
  args: CliArgs,
  events: readonly ElicitationEvent[],
): ElicitationEvent[] {
  if (args.ui === 'scripted' && args.cancel) return [];
  return events.filter(
    (e) =>
      e.action === 'cancel' &&
      e.reason !== undefined &&
      (args.ui === 'scripted' ? FALLBACK_REASONS.has(e.reason) : e.reason === 'input-ended'),
  );
}

export function unansweredMessage(unanswered: readonly ElicitationEvent[], total: number): string {
  const n = unanswered.length;
  const piped = unanswered.filter((e) => e.reason === 'input-ended').length;
  const why =
    piped === n
      ? 'the piped answers ran out first'
      : piped > 0
        ? 'no scripted answer applied, the answer did not fit, or the piped answers ran out first'
        : 'no scripted answer applied, or the answer did not fit';
  return `${n} of ${total} elicitation${total === 1 ? '' : 's'} ${n === 1 ? 'was' : 'were'} not answered as asked (${why}); it was cancelled`;
}

/** One line per unanswered elicitation: why, the server's message and the form's field names. */
export function unansweredDetails(unanswered: readonly ElicitationEvent[]): string[] {
  return unanswered.map((event) => {
    const message = sanitizeText(event.message, { maxLength: 120 });
    const fields = event.fields?.map((name) => sanitizeText(name, { maxLength: 60 })).join(', ');
    const what = event.mode === 'url' ? 'URL step' : `form (fields: ${fields || 'none'})`;
    return `  ${event.reason}: ${sanitizeText(event.server, { maxLength: 100 })} asked "${message}", a ${what}`;
  });
}

/** One warning per answers entry no elicitation used: a server that stopped asking is a change too. */
export function unusedAnswerWarnings(
  unused: readonly { readonly index: number; readonly answer: ScriptedAnswerLike }[],
): string[] {
  return unused.map(({ index, answer }) => {
    const about = [
      answer.tool !== undefined && `tool ${sanitizeText(answer.tool, { maxLength: 60 })}`,
      answer.fields !== undefined &&
        `fields ${answer.fields.map((name) => sanitizeText(name, { maxLength: 60 })).join(', ') || '(none)'}`,
      answer.when !== undefined && `"${sanitizeText(answer.when, { maxLength: 60 })}"`,
    ].filter(Boolean);
    return `warning: answers[${index}]${about.length > 0 ? ` (${about.join('; ')})` : ''} matched no elicitation in this run`;
  });
}

/** One warning per `--set` key that named no field of any form in the run, with the near match. */
export function unmatchedSetWarnings(
  sets: Readonly<Record<string, string>>,
  seen: ReadonlySet<string>,
): string[] {
  return Object.keys(sets)
    .filter((key) => !seen.has(key))
    .map((key) => {
      const guess = nearest(key, seen);
      const shown = (name: string) => sanitizeText(name, { maxLength: 60 });
      return `warning: --set ${shown(key)} matched no field of any form in this run${guess ? ` (did you mean --set ${shown(guess)}=...?)` : seen.size === 0 ? ' (no form was asked)' : ''}`;
    });
}
