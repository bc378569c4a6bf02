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

/** The phrase for how many characters `min`/`max` allow; one phrase when they are equal. */
function lengthRules(min: number | undefined, max: number | undefined): string[] {
  if (min !== undefined && min === max) return [`exactly ${plural(min, 'character')}`];
  const rules: string[] = [];
  if (min !== undefined && min > 0) rules.push(`at least ${plural(min, 'character')}`);
  if (max !== undefined) rules.push(`at most ${plural(max, 'character')}`);
  return rules;
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
  const { minimum: min, maximum: max } = field;
  // `const` arrives as equal bounds (schema/fields.ts).
  if (min !== undefined && min === max) rules.push(`exactly ${min}`);
  else {
    if (min !== undefined) rules.push(`at least ${min}`);
    if (max !== undefined) rules.push(`at most ${max}`);
  }
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
  const { minItems: min, maxItems: max } = field;
  if (min !== undefined && min === max) return [`choose exactly ${min}`];
  const rules: string[] = [];
  if (min !== undefined && min > 0) rules.push(`choose at least ${min}`);
  if (max !== undefined) rules.push(`choose at most ${max}`);
  return rules;
}

/** The rules on the form as a whole (which fields go together, how many), as short phrases. */
export function describeFormRules(model: FormModel): string[] {
  const rules: string[] = [];
  const { minProperties: min, maxProperties: max } = model;
  if (min !== undefined && min === max) rules.push(`answer exactly ${plural(min, 'field')}`);
  else {
    if (min !== undefined && min > 0) rules.push(`answer at least ${plural(min, 'field')}`);
    if (max !== undefined) rules.push(`answer at most ${plural(max, 'field')}`);
  }
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
