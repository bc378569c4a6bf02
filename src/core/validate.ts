// Everything an answer must satisfy before anything is sent (C-31; E-15..E-21). Problems are
// data (H-04): each FieldIssue names the field, a code, and a sentence using its label.
import type {
  BooleanField,
  Draft,
  Field,
  FieldValue,
  FormContent,
  FormModel,
  MultiSelectField,
  NumberField,
  SelectOption,
  SingleSelectField,
  TextField,
} from './form-model.js';
import type { FieldIssue, FieldIssueCode, Validation } from './issues.js';
import { optionValues } from './option-values.js';
import { setOwn } from './own-property.js';
import { type PatternBudget, patternBudget } from './pattern.js';
import { sanitizeText } from './sanitize.js';
import { plural, stringProblems } from './string-rules.js';

// How many option labels a "must be one of" sentence lists before saying "…".
const LISTED_OPTIONS = 8;

function labelOf(field: Field): string {
  // Labels are untrusted server text (H-07).
  const label = sanitizeText(field.label, { maxLength: 80 }).trim();
  return label === '' ? sanitizeText(field.name, { maxLength: 80 }) : label;
}

function make(field: Field, code: FieldIssueCode, sentence: string): FieldIssue {
  return { field: field.name, code, message: `${labelOf(field)} ${sentence}` };
}

function optionList(options: readonly SelectOption[]): string {
  const shown = options
    .slice(0, LISTED_OPTIONS)
    .map((option) => sanitizeText(option.label, { maxLength: 40 }));
  return `${shown.join(', ')}${options.length > LISTED_OPTIONS ? ', …' : ''}`;
}

function validateText(field: TextField, value: unknown, budget: PatternBudget): FieldIssue[] {
  if (typeof value !== 'string') return [make(field, 'type', 'must be text.')];
  if (value === '' && field.required) return [make(field, 'required', 'is required.')];
  return stringProblems(field, value, budget).map((p) => make(field, p.code, p.sentence));
}

/** JSON Schema `multipleOf` as Ajv decides it: the quotient must be a whole number (< 1e21). */
function isMultiple(value: number, divisor: number): boolean {
  const quotient = value / divisor;
  return Number.isInteger(quotient) && Math.abs(quotient) < 1e21;
}

function validateNumber(field: NumberField, value: unknown): FieldIssue[] {
  if (typeof value !== 'number') return [make(field, 'type', 'must be a number.')];
  // NaN and ±Infinity have no JSON form (JSON.stringify turns them into null).
  if (!Number.isFinite(value)) return [make(field, 'type', 'must be a finite number.')];
  if (field.integer && !Number.isInteger(value)) return [make(field, 'integer', 'must be a whole number.')];
  const issues: FieldIssue[] = [];
  // Bounds are inclusive (E-15).
  if (field.minimum !== undefined && value < field.minimum) {
    issues.push(make(field, 'minimum', `must be at least ${field.minimum}.`));
  }
  if (field.maximum !== undefined && value > field.maximum) {
    issues.push(make(field, 'maximum', `must be at most ${field.maximum}.`));
  }
  if (field.exclusiveMinimum !== undefined && value <= field.exclusiveMinimum) {
    issues.push(make(field, 'exclusive-minimum', `must be more than ${field.exclusiveMinimum}.`));
  }
  if (field.exclusiveMaximum !== undefined && value >= field.exclusiveMaximum) {
    issues.push(make(field, 'exclusive-maximum', `must be less than ${field.exclusiveMaximum}.`));
  }
  if (field.multipleOf !== undefined && !isMultiple(value, field.multipleOf)) {
    issues.push(make(field, 'multiple-of', `must be a multiple of ${field.multipleOf}.`));
  }
  return issues;
}

function validateBoolean(field: BooleanField, value: unknown): FieldIssue[] {
  if (typeof value !== 'boolean') return [make(field, 'type', 'must be yes or no (true or false).')];
  if (field.const !== undefined && value !== field.const) {
    return [make(field, 'const', `must be ${field.const ? 'yes (true)' : 'no (false)'}.`)];
  }
  return [];
}

function validateSingle(field: SingleSelectField, value: unknown): FieldIssue[] {
  if (typeof value !== 'string') return [make(field, 'type', 'must be one of the options.')];
  if (optionValues(field.options).has(value)) return [];
  // Every offered option may have been removed as invalid (E-14): there is no list to show.
  if (field.options.length === 0) return [make(field, 'not-an-option', 'has no valid option.')];
  return [make(field, 'not-an-option', `must be one of: ${optionList(field.options)}.`)];
}

function validateMulti(field: MultiSelectField, value: unknown): FieldIssue[] {
  const typeIssue = () => [make(field, 'type', 'must be a list of options.')];
  if (!Array.isArray(value)) return typeIssue();
  // One pass (a default may list 1000 choices): types, strangers and repeats together.
  const allowed = optionValues(field.options);
  const seen = new Set<string>();
  const strangers: string[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'string') return typeIssue();
    if (!allowed.has(item)) strangers.push(item);
    seen.add(item);
  }
  // Decision: a required multi-select needs at least one choice, like a required text field needs
  // non-empty text; an optional one may be sent as [].
  if (value.length === 0 && field.required)
    return [make(field, 'required', 'is required: choose at least one option.')];
  const issues: FieldIssue[] = [];
  if (strangers.length > 0) {
    const shown = strangers.slice(0, 3).map((item) => sanitizeText(JSON.stringify(item), { maxLength: 40 }));
    const what =
      strangers.length === 1
        ? `${shown[0]} is not one of the options`
        : `${shown.join(', ')} are not options`;
    const list =
      field.options.length === 0 ? 'has no valid option' : `can only contain: ${optionList(field.options)}`;
    issues.push(make(field, 'not-an-option', `${list} (${what}).`));
  }
  if (seen.size !== value.length)
    issues.push(make(field, 'duplicate-item', 'must not list the same option twice.'));
  if (field.minItems !== undefined && value.length < field.minItems) {
    issues.push(make(field, 'min-items', `needs at least ${plural(field.minItems, 'choice')}.`));
  }
  if (field.maxItems !== undefined && value.length > field.maxItems) {
    issues.push(make(field, 'max-items', `allows at most ${plural(field.maxItems, 'choice')}.`));
  }
  return issues;
}

/**
 * Problems with one field's value; `undefined` means the field was left empty. Pattern checks are
 * charged to `budget` (pass one budget for a whole form so a pass stays bounded).
 */
export function validateField(
  field: Field,
  value: FieldValue | undefined,
  budget: PatternBudget = patternBudget(),
): FieldIssue[] {
  if (value === undefined) return field.required ? [make(field, 'required', 'is required.')] : [];
  // Drafts may come from scripts or JSON: check the runtime type, not the static one.
  const actual: unknown = value;
  switch (field.kind) {
    case 'text':
      return validateText(field, actual, budget);
    case 'number':
      return validateNumber(field, actual);
    case 'boolean':
      return validateBoolean(field, actual);
    case 'single-select':
      return validateSingle(field, actual);
    case 'multi-select':
      return validateMulti(field, actual);
  }
}

function copyValue(value: FieldValue): FieldValue {
  return Array.isArray(value) ? [...value] : value;
}

// Property names are server-chosen: "__proto__" must become an own key, not a prototype change.

/**
 * Validates a whole answer against the form (C-31, E-21): required fields, JS types, no
 * unknown keys. On success the value is the content to send, holding only the form's fields.
 */
export function validateContent(model: FormModel, draft: Draft): Validation<FormContent, FieldIssue> {
  if (!model.satisfiable) {
    // No answer can ever be valid (E-14): only decline and cancel make sense.
    const required = new Set(model.fields.filter((field) => field.required).map((field) => field.name));
    const reasons = model.notes
      .filter(
        (note) =>
          note.code === 'unsatisfiable-form' ||
          (note.code === 'unsatisfiable-field' && note.field !== undefined && required.has(note.field)),
      )
      .map((note) => sanitizeText(note.message, { maxLength: 200 }));
    const message = `This form can never be completed as the server defined it${reasons.length > 0 ? `: ${reasons.join('; ')}` : ''}.`;
    return { ok: false, issues: [{ code: 'unsatisfiable', message }] };
  }
  const answer: unknown = draft;
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
    return {
      ok: false,
      issues: [{ code: 'type', message: 'The answer must be an object of field values.' }],
    };
  }
  const issues: FieldIssue[] = [];
  const names = new Set(model.fields.map((field) => field.name));
  for (const key of Object.keys(draft)) {
    if (names.has(key)) continue;
    const shown = sanitizeText(JSON.stringify(key), { maxLength: 60 });
    issues.push({ field: key, code: 'unknown-field', message: `${shown} is not a field of this form.` });
  }
  const content: FormContent = {};
  const budget = patternBudget();
  for (const field of model.fields) {
    const value = Object.hasOwn(draft, field.name) ? draft[field.name] : undefined;
    const problems = validateField(field, value, budget);
    issues.push(...problems);
    if (problems.length === 0 && value !== undefined) setOwn(content, field.name, copyValue(value));
  }
  if (issues.length === 0) issues.push(...formRuleIssues(model, content));
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: content };
}

// Top-level object keywords (2020-12 validation §6.5), judged on exactly the content to be sent.
function formRuleIssues(model: FormModel, content: FormContent): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const sent = Object.keys(content).length;
  if (model.minProperties !== undefined && sent < model.minProperties) {
    issues.push({
      code: 'min-properties',
      message: `Answer at least ${plural(model.minProperties, 'field')} (${sent} answered).`,
    });
  }
  if (model.maxProperties !== undefined && sent > model.maxProperties) {
    issues.push({
      code: 'max-properties',
      message: `Answer at most ${plural(model.maxProperties, 'field')} (${sent} answered); leave the others empty.`,
    });
  }
  const byName = new Map(model.fields.map((field) => [field.name, field]));
  for (const rule of model.dependentRequired ?? []) {
    if (!Object.hasOwn(content, rule.property)) continue;
    const missing = rule.requires.filter((name) => !Object.hasOwn(content, name));
    if (missing.length === 0) continue;
    const trigger = byName.get(rule.property);
    const names = missing.map((name) => {
      const field = byName.get(name);
      return field ? labelOf(field) : sanitizeText(JSON.stringify(name), { maxLength: 60 });
    });
    issues.push({
      field: rule.property,
      code: 'dependent-required',
      message: `${trigger ? labelOf(trigger) : sanitizeText(rule.property, { maxLength: 60 })} needs ${names.join(', ')} to be answered too.`,
    });
  }
  return issues;
}
