// The rules of a field and of a form in words: one wording, written once, which every front-end
// shows (terminal hints, browser hints, line mode). Pure; the keywords are those of schema/keywords.ts.
import type {
  BooleanField,
  DependentRequired,
  Field,
  FormModel,
  MultiSelectField,
  NumberField,
  StringFormat,
  TextField,
} from './form-model.js';
import { sanitizeText } from './sanitize.js';
import { plural } from './string-rules.js';

/** What each string format asks for, as a rule. */
export const FORMAT_RULES: Readonly<Record<StringFormat, string>> = {
  email: 'an email address',
  uri: 'a web address',
  date: 'a date, YYYY-MM-DD',
  'date-time': 'a date and time with a time zone',
};

// Server patterns are untrusted and can be huge: shown cleaned and cut, never as markup.
const SHOWN_PATTERN = 80;

/** The rules on one field's value as short phrases, e.g. ['whole number', 'at least 1']. */
export function describeRules(field: Field): string[] {
  switch (field.kind) {
    case 'text':
      return textRules(field);
    case 'number':
      return numberRules(field);
    case 'boolean':
      return booleanRules(field);
    case 'multi-select':
      return itemRules(field);
    // The options themselves are the rules of a single choice (oneOf/enum/const).
    case 'single-select':
      return [];
  }
}

interface RangeWords {
  readonly exactly: (n: number) => string;
  readonly both: (low: number, high: number) => string;
  readonly least: (n: number) => string;
  readonly most: (n: number) => string;
}

/** One phrase for a pair of inclusive bounds: equal, both, or either. */
function range(min: number | undefined, max: number | undefined, words: RangeWords): string[] {
  if (min !== undefined && max !== undefined)
    return [min === max ? words.exactly(min) : words.both(min, max)];
  if (min !== undefined) return [words.least(min)];
  return max === undefined ? [] : [words.most(max)];
}

/** A count (characters, choices, fields) of at least 0 says nothing, unless it is also the most. */
function countFloor(min: number | undefined, max: number | undefined): number | undefined {
  return min === 0 && max !== 0 ? undefined : min;
}

function lengthRules(min: number | undefined, max: number | undefined): string[] {
  return range(countFloor(min, max), max, {
    exactly: (n) => `exactly ${plural(n, 'character')}`,
    both: (low, high) => `${low} to ${high} characters`,
    least: (n) => `at least ${plural(n, 'character')}`,
    most: (n) => `at most ${plural(n, 'character')}`,
  });
}

function textRules(field: TextField): string[] {
  const rules = field.format ? [FORMAT_RULES[field.format]] : [];
  rules.push(...lengthRules(field.minLength, field.maxLength));
  if (field.pattern !== undefined) {
    rules.push(`must match the pattern ${sanitizeText(field.pattern, { maxLength: SHOWN_PATTERN })}`);
  }
  return rules;
}

function numberRules(field: NumberField): string[] {
  const rules = field.integer ? ['whole number'] : [];
  // `const` arrives as equal bounds (schema/fields.ts).
  const bounds = range(field.minimum, field.maximum, {
    exactly: (n) => `exactly ${n}`,
    both: (low, high) => `from ${low} to ${high}`,
    least: (n) => `at least ${n}`,
    most: (n) => `at most ${n}`,
  });
  rules.push(...bounds);
  if (field.exclusiveMinimum !== undefined) rules.push(`more than ${field.exclusiveMinimum}`);
  if (field.exclusiveMaximum !== undefined) rules.push(`less than ${field.exclusiveMaximum}`);
  if (field.multipleOf !== undefined) rules.push(`a multiple of ${field.multipleOf}`);
  return rules;
}

function booleanRules(field: BooleanField): string[] {
  if (field.const === undefined) return [];
  return [field.const ? 'must be yes' : 'must be no'];
}

function itemRules(field: MultiSelectField): string[] {
  return range(countFloor(field.minItems, field.maxItems), field.maxItems, {
    exactly: (n) => `choose exactly ${n}`,
    both: (low, high) => `choose ${low} to ${high}`,
    least: (n) => `choose at least ${n}`,
    most: (n) => `choose at most ${n}`,
  });
}

/** The rules on the form as a whole (which fields go together, how many), as short phrases. */
export function describeFormRules(model: FormModel): string[] {
  const { minProperties: min, maxProperties: max } = model;
  const rules = range(countFloor(min, max), max, {
    exactly: (n) => `answer exactly ${plural(n, 'field')}`,
    both: (low, high) => `answer ${low} to ${high} fields`,
    least: (n) => `answer at least ${plural(n, 'field')}`,
    most: (n) => `answer at most ${plural(n, 'field')}`,
  });
  for (const rule of model.dependentRequired ?? []) {
    if (rule.requires.length > 0) rules.push(dependentRule(model, rule));
  }
  return rules;
}

function dependentRule(model: FormModel, rule: DependentRequired): string {
  const title = (name: string) => `"${titleOf(model, name)}"`;
  const needed = rule.requires.map(title);
  const last = needed.pop() ?? '';
  const list = needed.length === 0 ? last : `${needed.join(', ')} and ${last}`;
  const verb = needed.length === 0 ? 'is' : 'are';
  return `${list} ${verb} needed when ${title(rule.property)} is filled in`;
}

/** A field's title for a rule (untrusted server text, cleaned and cut); its name if it has none. */
function titleOf(model: FormModel, name: string): string {
  const label = model.fields.find((field) => field.name === name)?.label ?? '';
  const clean = sanitizeText(label, { maxLength: 60 }).trim();
  return clean === '' ? sanitizeText(name, { maxLength: 60 }) : clean;
}
