// Field values as plain data: whether an unknown value is one a form field can hold (ElicitResult
// content values, spec §2.5: a string, a finite number, a boolean, or an array of strings), and equality.
import type { FieldValue } from './form-model.js';

export function isFieldValue(value: unknown): value is FieldValue {
  if (typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Equal field values: the same scalar, or lists with the same items in the same order. */
export function sameValue(a: FieldValue | undefined, b: FieldValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}
