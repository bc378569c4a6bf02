// Defaults (SEP-1034, C-09, E-18, E-19): every field with a valid default starts pre-filled,
// so an accept with untouched fields still carries the defaults (the conformance scenario
// elicitation-sep1034-client-defaults fails otherwise). The parser keeps only defaults that are
// valid answers, so nothing here re-validates.
import type { Draft, FieldValue, FormModel } from './form-model.js';
import { setOwn } from './own-property.js';

// Property names are server-chosen: "__proto__" must become an own key, not a prototype change.

function copy(value: FieldValue | readonly string[]): FieldValue {
  return Array.isArray(value) ? [...value] : (value as FieldValue);
}

/**
 * The draft a form opens with, and which fields hold a default. Fields without a default are absent,
 * including booleans: an untouched optional checkbox with no default is omitted, never sent as
 * `false` (decision for E-18; a front-end that shows a checkbox may record `false` once the
 * person has seen it).
 */
export function initialDraft(model: FormModel): {
  /** The pre-filled values, keyed by field name. */
  draft: Draft;
  /** Names of the fields that start with their schema default. */
  defaulted: Set<string>;
} {
  const draft: Draft = {};
  const defaulted = new Set<string>();
  for (const field of model.fields) {
    if (field.default === undefined) continue;
    setOwn(draft, field.name, copy(field.default));
    defaulted.add(field.name);
  }
  return { draft, defaulted };
}
