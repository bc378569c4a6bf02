// The choice field kinds: single-select (untitled `enum`, titled `oneOf`, legacy `enumNames`) and
// multi-select (`items.enum`, `items.anyOf`) with their options, deduplicated and bounded.
import type { MultiSelectField, SelectOption, SingleSelectField } from '../form-model.js';
import {
  type Context,
  checkKeywords,
  describe,
  has,
  isObject,
  issue,
  type Json,
  label,
  nonNegativeInteger,
  note,
  REFERENCES,
  SCHEMA_LIMITS,
  tooLong,
} from './context.js';
import { base, markUnsatisfiable, parseStringRules, withDefault } from './fields.js';
import { ENFORCED_KEYWORDS } from './keywords.js';
import { answerableOptions } from './option-filters.js';

function tooManyOptions(ctx: Context, name: string, list: readonly unknown[], key: string): boolean {
  if (list.length <= SCHEMA_LIMITS.maxOptions) return false;
  issue(
    ctx,
    'too-large',
    name,
    `"${key}" has ${list.length} options; at most ${SCHEMA_LIMITS.maxOptions} are accepted`,
  );
  return true;
}

/** Options from a list of strings (`enum`, `items.enum`); undefined when malformed. */
function enumOptions(
  ctx: Context,
  name: string,
  list: readonly unknown[],
  key: string,
): SelectOption[] | undefined {
  if (tooManyOptions(ctx, name, list, key)) return undefined;
  const options: SelectOption[] = [];
  let tooLarge = false;
  // One loop over up to 1000 options, 200 times per form: no pass per check.
  for (const value of list) {
    if (typeof value !== 'string') {
      issue(ctx, 'invalid-options', name, `every "${key}" option must be a string`);
      return undefined;
    }
    tooLarge ||= tooLong(value);
    options.push({ value, label: value });
  }
  if (tooLarge) {
    issue(ctx, 'too-large', name, `an option is longer than ${SCHEMA_LIMITS.maxStringLength} characters`);
    return undefined;
  }
  return options;
}

const ENTRY_KEYS = new Set(['const', 'title', 'type']);

// Nearly every entry is exactly {const, title}: those skip the full keyword check (1000s per form).
function plainEntry(entry: Json): boolean {
  for (const key of Object.keys(entry)) if (!ENTRY_KEYS.has(key)) return false;
  return true;
}

/** Options from `oneOf` / `items.anyOf` entries `{ const, title }`; undefined when malformed. */
function titledOptions(
  ctx: Context,
  name: string,
  list: readonly unknown[],
  key: string,
): SelectOption[] | undefined {
  if (tooManyOptions(ctx, name, list, key)) return undefined;
  const options: SelectOption[] = [];
  let untitled = 0;
  for (const [index, entry] of list.entries()) {
    if (!isObject(entry) || typeof entry.const !== 'string') {
      issue(ctx, 'invalid-options', name, `"${key}" entry ${index} must be an object with a string "const"`);
      return undefined;
    }
    if (has(entry, 'title') && typeof entry.title !== 'string') {
      issue(ctx, 'invalid-options', name, `"${key}" entry ${index} has a "title" that is not a string`);
      return undefined;
    }
    if (has(entry, 'type') && entry.type !== 'string') {
      issue(ctx, 'invalid-options', name, `"${key}" entry ${index} must be of type "string"`);
      return undefined;
    }
    // An option is {const, title}: any other constraint in it would change which answers are valid.
    if (!plainEntry(entry))
      checkKeywords(ctx, entry, name, 'string', ENFORCED_KEYWORDS.optionEntry, `"${key}" entry ${index}: `);
    const title = typeof entry.title === 'string' ? entry.title : undefined;
    if (tooLong(entry.const) || (title !== undefined && tooLong(title))) {
      issue(
        ctx,
        'too-large',
        name,
        `"${key}" entry ${index} is longer than ${SCHEMA_LIMITS.maxStringLength} characters`,
      );
      return undefined;
    }
    if (title === undefined) untitled += 1;
    options.push({ value: entry.const, label: label(entry.const, title) });
  }
  // The schema requires a title on each option; a missing one is shown as the raw value.
  if (untitled > 0)
    note(
      ctx,
      'option-title-missing',
      name,
      `${untitled} "${key}" option(s) have no title; their values are shown`,
    );
  return options;
}

export function parseSingleSelect(
  ctx: Context,
  name: string,
  p: Json,
  required: boolean,
): SingleSelectField | undefined {
  let variant: SingleSelectField['variant'];
  let options: SelectOption[] | undefined;
  checkKeywords(ctx, p, name, 'string', ENFORCED_KEYWORDS.singleSelect);
  if (Array.isArray(p.oneOf)) {
    variant = 'titled';
    options = titledOptions(ctx, name, p.oneOf, 'oneOf');
  } else if (!Array.isArray(p.enum)) {
    // `const` alone: a choice of one.
    variant = 'untitled';
    options = enumOptions(ctx, name, [p.const], 'const');
  } else {
    const list = p.enum as unknown[];
    options = enumOptions(ctx, name, list, 'enum');
    if (has(p, 'enumNames')) {
      variant = 'legacy';
      const names = p.enumNames;
      if (
        options &&
        Array.isArray(names) &&
        names.length === options.length &&
        names.every((n) => typeof n === 'string')
      ) {
        if (names.some(tooLong))
          issue(
            ctx,
            'too-large',
            name,
            `an "enumNames" entry is longer than ${SCHEMA_LIMITS.maxStringLength} characters`,
          );
        else
          options = options.map((option, i) => ({
            value: option.value,
            label: label(option.value, names[i]),
          }));
      } else if (options) {
        // enumNames that do not line up with enum cannot be trusted: show raw values (E-14).
        note(
          ctx,
          'enum-names-mismatch',
          name,
          '"enumNames" does not match "enum" one-to-one; the raw values are shown',
        );
      }
    } else {
      variant = 'untitled';
    }
  }
  const rules = parseStringRules(ctx, p, name);
  if (options === undefined) return undefined;
  options = answerableOptions(ctx, name, options, p, rules, variant === 'titled');
  const field: SingleSelectField = {
    ...base(ctx, name, p, required),
    kind: 'single-select',
    variant,
    options,
  };
  // An empty option list: nothing can be chosen (E-14).
  if (options.length === 0) markUnsatisfiable(ctx, field, 'it offers no options');
  return withDefault(ctx, field, p);
}

// S-08: the only arrays a form may hold.
const NOT_A_MULTI_SELECT = 'arrays are allowed only as multi-select with "items.enum" or "items.anyOf"';

export function parseMultiSelect(
  ctx: Context,
  name: string,
  p: Json,
  required: boolean,
): MultiSelectField | undefined {
  const items = p.items;
  if (!isObject(items)) {
    issue(ctx, 'unsupported-array', name, NOT_A_MULTI_SELECT);
    return undefined;
  }
  if (REFERENCES.some((key) => has(items, key))) {
    issue(
      ctx,
      'ref-not-supported',
      name,
      '"$ref" in "items" is not supported in an elicitation form', // S-08
    );
    return undefined;
  }
  if (has(items, 'type') && items.type !== 'string') {
    issue(
      ctx,
      'unsupported-array',
      name,
      `multi-select items must be strings, got type ${describe(items.type)}`, // S-08
    );
    return undefined;
  }
  let variant: MultiSelectField['variant'];
  let options: SelectOption[] | undefined;
  checkKeywords(ctx, items, name, 'string', ENFORCED_KEYWORDS.multiSelectItems, '"items": ');
  if (Array.isArray(items.anyOf)) {
    variant = 'titled';
    options = titledOptions(ctx, name, items.anyOf, 'items.anyOf');
  } else if (Array.isArray(items.enum)) {
    variant = 'untitled';
    options = enumOptions(ctx, name, items.enum, 'items.enum');
  } else {
    issue(ctx, 'unsupported-array', name, NOT_A_MULTI_SELECT);
    return undefined;
  }
  const rules = parseStringRules(ctx, items, name, '"items": ');
  // uniqueItems is implied: answers never repeat a choice.
  checkKeywords(ctx, p, name, 'array', ENFORCED_KEYWORDS.multiSelect);
  if (has(p, 'uniqueItems') && typeof p.uniqueItems !== 'boolean') {
    issue(
      ctx,
      'invalid-keyword',
      name,
      `"uniqueItems" must be true or false, got ${describe(p.uniqueItems)}`,
    );
  }
  const minItems = nonNegativeInteger(ctx, p, 'minItems', name);
  const maxItems = nonNegativeInteger(ctx, p, 'maxItems', name);
  if (options === undefined) return undefined;
  options = answerableOptions(ctx, name, options, items, rules, false);
  let field: MultiSelectField = { ...base(ctx, name, p, required), kind: 'multi-select', variant, options };
  if (minItems !== undefined) field = { ...field, minItems };
  if (maxItems !== undefined) field = { ...field, maxItems };
  const most = Math.min(options.length, maxItems ?? Number.POSITIVE_INFINITY);
  if (minItems !== undefined && maxItems !== undefined && minItems > maxItems) {
    markUnsatisfiable(ctx, field, `minItems ${minItems} is greater than maxItems ${maxItems}`);
  } else if (minItems !== undefined && minItems > options.length) {
    markUnsatisfiable(
      ctx,
      field,
      `minItems ${minItems} is greater than the ${options.length} option(s) offered`,
    );
  } else if (required && most === 0) {
    // A required multi-select needs at least one choice (see validate.ts).
    markUnsatisfiable(
      ctx,
      field,
      options.length === 0 ? 'it offers no options' : 'maxItems 0 allows no choice',
    );
  }
  return withDefault(ctx, field, p);
}
