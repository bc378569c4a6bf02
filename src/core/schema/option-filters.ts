// Which offered options can really be answered: a value two oneOf entries share is dropped, options
// that break the keywords beside the list are removed, and duplicates collapse (issue 12). One pass
// with Set/Map lookups: 200 fields x 1000 options must stay linear.
import type { SelectOption } from '../form-model.js';
import { rememberOptionValues } from '../option-values.js';
import { type StringRules, stringFits } from '../string-rules.js';
import { type Context, has, type Json, note } from './context.js';

/**
 * The options that are valid answers: for `oneOf`, a value listed by two entries matches both and
 * fails `oneOf` (exactly one); an option that breaks `enum`/`const` beside `oneOf`/`anyOf` or the
 * string keywords could never be sent; a repeated value collapses to its first occurrence (E-14).
 */
export function answerableOptions(
  ctx: Context,
  name: string,
  options: readonly SelectOption[],
  schema: Json,
  rules: StringRules,
  oneOf: boolean,
): SelectOption[] {
  const counts = oneOf ? countValues(options) : undefined;
  const listed =
    Array.isArray(schema.enum) && (has(schema, 'oneOf') || has(schema, 'anyOf'))
      ? new Set<unknown>(schema.enum)
      : undefined;
  const pinned = has(schema, 'const');
  const seen = new Set<string>();
  let ambiguous = 0;
  let invalid = 0;
  let unchecked = 0;
  let duplicate = 0;
  const kept = options.filter((option) => {
    const value = option.value;
    if (counts !== undefined && counts.get(value) !== 1) {
      ambiguous += 1;
      return false;
    }
    const fits =
      (listed !== undefined && !listed.has(value)) || (pinned && schema.const !== value)
        ? 'no-match'
        : stringFits(rules, value, ctx.budget);
    if (fits !== 'match') {
      invalid += 1;
      if (fits === 'too-costly') unchecked += 1;
      return false;
    }
    if (seen.has(value)) {
      duplicate += 1;
      return false;
    }
    seen.add(value);
    return true;
  });
  if (ambiguous > 0) {
    note(
      ctx,
      'ambiguous-option',
      name,
      `${ambiguous} "oneOf" entries repeat a value; such a value matches more than one entry, fails "oneOf" and was removed`,
    );
  }
  if (invalid > 0) {
    const why = unchecked > 0 ? ` (${unchecked} could not be checked against "pattern" in time)` : '';
    note(
      ctx,
      'option-removed',
      name,
      `${invalid} option(s) break the field's other keywords and were removed${why}`,
    );
  }
  if (duplicate > 0) {
    note(ctx, 'duplicate-option', name, `${duplicate} duplicate option value(s) were removed`);
  }
  // `seen` holds exactly the kept values: validation looks options up in it instead of a new Set.
  rememberOptionValues(kept, seen);
  return kept;
}

function countValues(options: readonly SelectOption[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const option of options) counts.set(option.value, (counts.get(option.value) ?? 0) + 1);
  return counts;
}
