// Option lookups by value, as a Set built once per option list: a form of 200 choice fields x 1000
// options is validated on every key in a terminal, and a scan per value would be quadratic.
import type { SelectOption } from './form-model.js';

// Keyed by the list itself: models are immutable, and a dropped model drops its entry.
const sets = new WeakMap<readonly SelectOption[], ReadonlySet<string>>();

export function optionValues(options: readonly SelectOption[]): ReadonlySet<string> {
  let values = sets.get(options);
  if (values === undefined) {
    values = new Set(options.map((option) => option.value));
    sets.set(options, values);
  }
  return values;
}

/** Records the values of a list the parser has just filtered (it built this Set on the way). */
export function rememberOptionValues(options: readonly SelectOption[], values: ReadonlySet<string>): void {
  sets.set(options, values);
}
