// Which answers-file entry applies to an elicitation, and, when none does, the entry it was probably
// meant for (same tool or message, other fields): a server whose form changed is named, not guessed.
import type { ScriptedAnswer } from './answers-file.js';

/** What an entry can be matched against: one elicitation as the server asked it. */
export interface AskedElicitation {
  readonly mode: 'form' | 'url';
  readonly message: string;
  /** URL mode: the URL as the server sent it. */
  readonly url?: string;
  /** The tool call (prompt name, resource URI) that made the elicitation, when known. */
  readonly tool?: string;
  /** Form mode: the names of the form's fields. */
  readonly fields?: readonly string[];
}

export function answerApplies(answer: ScriptedAnswer, asked: AskedElicitation): boolean {
  if (answer.mode !== undefined && answer.mode !== asked.mode) return false;
  if (answer.tool !== undefined && answer.tool !== asked.tool) return false;
  if (answer.fields !== undefined && !(asked.mode === 'form' && sameNames(answer.fields, asked.fields ?? [])))
    return false;
  // Only an entry whose `when` names this request may consent to a URL: a blanket answer written
  // for forms must never open a browser (C-25).
  if (asked.mode === 'url')
    return (
      answer.when !== undefined &&
      (asked.message.includes(answer.when) || (asked.url ?? '').includes(answer.when))
    );
  return answer.when === undefined || asked.message.includes(answer.when);
}

/**
 * For a form no entry matched: the first unused entry with a field list that would have matched
 * but for its fields, described as "answers[1] expects fields a, b; new here: c; gone: b".
 */
export function changedFormHint(
  answers: readonly ScriptedAnswer[],
  used: readonly boolean[],
  asked: AskedElicitation,
): string | undefined {
  if (asked.mode !== 'form') return undefined;
  const fields = asked.fields ?? [];
  for (const [index, answer] of answers.entries()) {
    if (used[index] || answer.fields === undefined) continue;
    if (!answerApplies({ ...answer, fields }, asked)) continue;
    const expected = new Set(answer.fields);
    const added = fields.filter((name) => !expected.has(name));
    const gone = answer.fields.filter((name) => !fields.includes(name));
    return [
      `answers[${index}] expects fields ${list(answer.fields)}`,
      ...(added.length > 0 ? [`new here: ${list(added)}`] : []),
      ...(gone.length > 0 ? [`gone: ${list(gone)}`] : []),
    ].join('; ');
  }
  return undefined;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(b);
  return a.every((name) => set.has(name));
}

function list(names: readonly string[]): string {
  return names.length === 0 ? '(none)' : names.join(', ');
}
