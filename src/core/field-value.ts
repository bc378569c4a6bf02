// Whether an unknown value is one a form field can hold (ElicitResult.content values, spec §2.5):
// a string, a finite number, a boolean, or an array of strings.
import type { FieldValue } from './form-model.js';

export function isFieldValue(value: unknown): value is FieldValue {
  if (typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
