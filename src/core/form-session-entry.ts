// One field of a form session (form-session.ts): its value, and for text typed into a box, the
// text as typed and why it does not parse.
import type { Field, FieldValue, FormContent } from './form-model.js';
import type { FieldIssue, Validation } from './issues.js';
import { sanitizeText } from './sanitize.js';
import { parseFieldInput } from './value-parse.js';

export interface Entry {
  readonly value: FieldValue | undefined;
  readonly text?: string;
  /** Why `text` is not a value of the field's type (e.g. "12a" in a number box). */
  readonly problem?: string;
}

export function fromText(field: Field, text: string): Entry {
  const parsed = parseFieldInput(field, text);
  return parsed.ok
    ? { value: parsed.value, text }
    : { value: undefined, text, problem: parsed.issues.map((issue) => issue.message).join(' ') };
}

/** A field as a browser posts it: text, or the chosen values of a multi-select. */
export function postedEntry(field: Field, given: string | readonly string[]): Entry {
  if (typeof given === 'string') return fromText(field, given);
  if (field.kind !== 'multi-select') {
    const label = sanitizeText(field.label, { maxLength: 200 });
    return { value: undefined, problem: `${label}: takes one value, not a list.` };
  }
  // The shared parser takes a JSON list, so labels, values and repeats are handled once.
  const { value, problem } = fromText(field, JSON.stringify(given));
  return problem === undefined ? { value } : { value, problem };
}

export function copy(value: FieldValue | undefined): FieldValue | undefined {
  return Array.isArray(value) ? [...value] : value;
}

export function unknownField(name: string): FieldIssue {
  const shown = sanitizeText(JSON.stringify(name), { maxLength: 60 });
  return { field: name, code: 'unknown-field', message: `${shown} is not a field of this form.` };
}

/** Text that does not parse first, then the engine's issues (`checked`) for the other fields. */
export function checkEntries(
  fields: readonly Field[],
  entries: ReadonlyMap<string, Entry>,
  checked: Validation<FormContent, FieldIssue>,
): { readonly issues: readonly FieldIssue[]; readonly content: FormContent | undefined } {
  const local: FieldIssue[] = [];
  const unparsable = new Set<string>();
  for (const field of fields) {
    const problem = entries.get(field.name)?.problem;
    if (problem === undefined) continue;
    unparsable.add(field.name);
    local.push({ field: field.name, code: 'type', message: problem });
  }
  if (checked.ok) return { issues: local, content: checked.value };
  // An unparsable box already says what is wrong; the engine would only add "is required".
  const engine = checked.issues.filter((issue) => issue.field === undefined || !unparsable.has(issue.field));
  return { issues: [...local, ...engine], content: undefined };
}
