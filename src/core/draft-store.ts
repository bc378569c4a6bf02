// Session memory of unfinished answers: when a prompt ends without accept, what the person typed is
// kept (in memory only) so it can be offered again when the same server asks for the same form.
import type { Draft, Field, FieldValue, FormModel } from './form-model.js';
import { setOwn } from './own-property.js';

// A hostile server could ask for endless distinct forms: keep only the most recent ones.
const MAX_ENTRIES = 64;

/** Field names + kinds + option values, independent of order, titles and constraints. */
function signature(model: FormModel): string {
  const parts = model.fields.map((field) => {
    const options =
      field.kind === 'single-select' || field.kind === 'multi-select'
        ? field.options.map((o) => o.value).sort()
        : [];
    const kind = field.kind === 'number' && field.integer ? 'integer' : field.kind;
    return [field.name, kind, options] as const;
  });
  parts.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return JSON.stringify(parts);
}

// A model is immutable, so its signature is computed once (this runs on every elicitation).
const signatures = new WeakMap<FormModel, string>();

function keyOf(server: string, model: FormModel): string {
  let known = signatures.get(model);
  if (known === undefined) {
    known = signature(model);
    signatures.set(model, known);
  }
  return JSON.stringify([server, known]);
}

/** Keeps a value only if it is still the right type for the field (bounds are left to validation). */
function stillFits(field: Field, value: unknown): value is FieldValue {
  switch (field.kind) {
    case 'text':
      return typeof value === 'string';
    case 'number':
      return (
        typeof value === 'number' && Number.isFinite(value) && (!field.integer || Number.isInteger(value))
      );
    case 'boolean':
      return typeof value === 'boolean';
    case 'single-select':
      return typeof value === 'string' && field.options.some((option) => option.value === value);
    case 'multi-select':
      return (
        Array.isArray(value) &&
        value.every(
          (item) => typeof item === 'string' && field.options.some((option) => option.value === item),
        )
      );
  }
}

/** Unfinished answers kept in memory per server and form, offered again when the same form returns; share one between sessions. */
export class DraftStore {
  readonly #drafts = new Map<string, Draft>();

  /** Remember what was typed into `model` for `server` (replaces an earlier draft of the same form). */
  remember(server: string, model: FormModel, draft: Draft): void {
    const key = keyOf(server, model);
    const kept: Draft = {};
    for (const field of model.fields) {
      if (!Object.hasOwn(draft, field.name)) continue;
      const value = draft[field.name];
      if (stillFits(field, value)) setOwn(kept, field.name, Array.isArray(value) ? [...value] : value);
    }
    this.#drafts.delete(key);
    if (Object.keys(kept).length === 0) return;
    this.#drafts.set(key, kept);
    if (this.#drafts.size > MAX_ENTRIES) {
      const oldest = this.#drafts.keys().next().value;
      if (oldest !== undefined) this.#drafts.delete(oldest);
    }
  }

  /** The remembered draft for this server and form, minus values that no longer fit their field. */
  recall(server: string, model: FormModel): Draft | undefined {
    if (this.#drafts.size === 0) return undefined;
    const stored = this.#drafts.get(keyOf(server, model));
    if (stored === undefined) return undefined;
    const out: Draft = {};
    for (const field of model.fields) {
      if (!Object.hasOwn(stored, field.name)) continue;
      const value = stored[field.name];
      if (stillFits(field, value)) setOwn(out, field.name, Array.isArray(value) ? [...value] : value);
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }

  /** Drops the draft of this form for `server` (after it was answered). */
  forget(server: string, model: FormModel): void {
    if (this.#drafts.size === 0) return;
    this.#drafts.delete(keyOf(server, model));
  }
}
