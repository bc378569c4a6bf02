// Which offered options can really be answered: duplicates collapse, a value two oneOf entries
// share is dropped, and options that break the keywords beside the list are removed (issue 12).
import type { SelectOption } from '../form-model.js';
import { type StringRules, stringFits } from '../string-rules.js';
import { type Context, has, type Json, note } from './context.js';

/** Duplicate option values collapse to the first occurrence (E-14). */
export function dedupe(ctx: Context, name: string, options: readonly SelectOption[]): SelectOption[] {
  const seen = new Set<string>();
  const out = options.filter((option) => !seen.has(option.value) && seen.add(option.value));
  if (out.length !== options.length) {
    note(
      ctx,
      'duplicate-option',
      name,
      `${options.length - out.length} duplicate option value(s) were removed`,
    );
  }
  return out;
}

/** A value two `oneOf` entries list matches both, so it fails `oneOf` and is removed. */
export function dropAmbiguous(ctx: Context, name: string, options: readonly SelectOption[]): SelectOption[] {
  const counts = new Map<string, number>();
  for (const option of options) counts.set(option.value, (counts.get(option.value) ?? 0) + 1);
  const kept = options.filter((option) => counts.get(option.value) === 1);
  if (kept.length !== options.length) {
    note(
      ctx,
      'ambiguous-option',
      name,
      `${options.length - kept.length} "oneOf" entries repeat a value; such a value matches more than one entry, fails "oneOf" and was removed`,
    );
  }
  return kept;
}

/**
 * Keeps the options that are valid answers for every keyword beside the list: `enum`/`const` next
 * to `oneOf`/`anyOf`, and the string keywords. An option one of them rejects could never be sent.
 */
export function keepValid(
  ctx: Context,
  name: string,
  options: readonly SelectOption[],
  schema: Json,
  rules: StringRules,
): SelectOption[] {
  // A Set: 1000 options checked against a 1000-entry enum, 200 times, must stay linear (issue 12).
  const listed =
    Array.isArray(schema.enum) && (has(schema, 'oneOf') || has(schema, 'anyOf'))
      ? new Set<unknown>(schema.enum)
      : undefined;
  const pinned = has(schema, 'const');
  let unchecked = 0;
  const kept = options.filter((option) => {
    if (listed !== undefined && !listed.has(option.value)) return false;
    if (pinned && schema.const !== option.value) return false;
    const fits = stringFits(rules, option.value, ctx.budget);
    if (fits === 'too-costly') unchecked += 1;
    return fits === 'match';
  });
  if (kept.length !== options.length) {
    const why = unchecked > 0 ? ` (${unchecked} could not be checked against "pattern" in time)` : '';
    note(
      ctx,
      'option-removed',
      name,
      `${options.length - kept.length} option(s) break the field's other keywords and were removed${why}`,
    );
  }
  return kept;
}
