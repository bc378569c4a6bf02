// Text → field value, for what a person types at a line prompt or passes as `--set field=value`.
// Pure. Parsing only converts text to the field's JSON type; constraints (length, range, format,
// required, item counts) are the engine's job (validate.ts), so both paths report them the same way.
import type {
  Field,
  FieldValue,
  MultiSelectField,
  NumberField,
  SelectOption,
  SingleSelectField,
} from './form-model.js';
import type { PlainIssue, Validation } from './issues.js';
import { sanitizeText } from './sanitize.js';

/** Typed text as a field value (`undefined`: left empty), or the one sentence saying why it is not. */
export type ParsedInput = Validation<FieldValue | undefined, PlainIssue>;

const TRUE_WORDS = new Set(['y', 'yes', 'true', '1']);
const FALSE_WORDS = new Set(['n', 'no', 'false', '0']);

// JSON-like decimal numbers only: a dot as the decimal separator, optional exponent. No `1,5`
// (locale separators must not leak into JSON, E-15), no hex, no NaN/Infinity.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Parse typed text for `field`. Empty (or blank) text means "left empty" (`value: undefined`).
 * Text fields keep the text exactly as typed otherwise. Messages name the field label and the
 * accepted forms, ready to show a person.
 */
export function parseFieldInput(field: Field, text: string): ParsedInput {
  if (text.trim() === '') return { ok: true, value: undefined };
  switch (field.kind) {
    case 'text':
      return { ok: true, value: text };
    case 'boolean':
      return parseBoolean(field, text);
    case 'number':
      return parseNumber(field, text);
    case 'single-select':
      return parseSingle(field, text);
    case 'multi-select':
      return parseMulti(field, text);
  }
}

/** A value as a person reads it: option labels for selects, yes/no, "(empty)" when absent. */
export function formatFieldValue(field: Field, value: FieldValue | undefined): string {
  if (value === undefined) return '(empty)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none selected)';
    return value.map((item) => optionLabel(field, item)).join(', ');
  }
  if (field.kind === 'single-select') return optionLabel(field, value);
  return value === '' ? '""' : sanitizeText(value, { maxLength: 1000 });
}

function parseBoolean(field: Field, text: string): ParsedInput {
  const word = text.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return { ok: true, value: true };
  if (FALSE_WORDS.has(word)) return { ok: true, value: false };
  return fail(
    field,
    `"${clean(text)}" is not yes or no. Type y, yes, true or 1 for yes; n, no, false or 0 for no.`,
  );
}

function parseNumber(field: NumberField, text: string): ParsedInput {
  const trimmed = text.trim();
  const example = field.integer
    ? 'a whole number such as 42'
    : 'a number such as 42 or 3.5 (a dot before decimals)';
  if (!DECIMAL.test(trimmed)) return fail(field, `"${clean(text)}" is not a number. Type ${example}.`);
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return fail(field, `"${clean(text)}" is too large. Type ${example}.`);
  if (field.integer && !Number.isInteger(value)) {
    return fail(field, `"${clean(text)}" is not a whole number. Type ${example}.`);
  }
  // -0 would serialise as 0 anyway; normalise so display and wire agree.
  return { ok: true, value: value === 0 ? 0 : value };
}

function parseSingle(field: SingleSelectField, text: string): ParsedInput {
  const found = findOption(field.options, text);
  if (found.ok) return { ok: true, value: found.value.value };
  return fail(field, `${found.issues[0]?.message} Type one of: ${listOptions(field.options)}.`);
}

function parseMulti(field: MultiSelectField, text: string): ParsedInput {
  const trimmed = text.trim();
  let items: string[];
  if (trimmed.startsWith('[')) {
    const parsed = parseJsonStringArray(trimmed);
    if (parsed === undefined) {
      return fail(
        field,
        `${clean(trimmed)} is not a JSON array of strings. Type options separated by commas, or a JSON array such as ["a","b"].`,
      );
    }
    items = parsed;
  } else {
    // A whole-text match first, so an option whose label contains a comma can still be chosen.
    const whole = findOption(field.options, trimmed);
    if (whole.ok) return { ok: true, value: [whole.value.value] };
    items = trimmed.split(',');
  }
  const values = new Set<string>();
  for (const item of items) {
    if (item.trim() === '') continue;
    const found = findOption(field.options, item);
    if (!found.ok)
      return fail(
        field,
        `${found.issues[0]?.message} Type options separated by commas, from: ${listOptions(field.options)}.`,
      );
    values.add(found.value.value);
  }
  return { ok: true, value: [...values] };
}

type OptionMatch = Validation<SelectOption, PlainIssue>;

// Exact value first; then a case-insensitive match on value or label that picks exactly one option.
function findOption(options: readonly SelectOption[], text: string): OptionMatch {
  const wanted = text.trim();
  const exact = options.find((option) => option.value === wanted);
  if (exact) return { ok: true, value: exact };
  const lower = wanted.toLowerCase();
  const matches = options.filter(
    (option) => option.value.toLowerCase() === lower || option.label.toLowerCase() === lower,
  );
  const only = matches[0];
  if (matches.length === 1 && only) return { ok: true, value: only };
  if (matches.length > 1)
    return {
      ok: false,
      issues: [{ message: `"${clean(wanted)}" matches more than one option; type the exact value.` }],
    };
  return { ok: false, issues: [{ message: `"${clean(wanted)}" is not one of the options.` }] };
}

function parseJsonStringArray(text: string): string[] | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed as string[];
  } catch {
    // fall through: reported by the caller
  }
  return undefined;
}

function listOptions(options: readonly SelectOption[]): string {
  return options
    .map((option) =>
      option.label === option.value ? clean(option.label) : `${clean(option.label)} (${clean(option.value)})`,
    )
    .join(', ');
}

function optionLabel(field: Field, value: string): string {
  if (field.kind === 'single-select' || field.kind === 'multi-select') {
    const option = field.options.find((candidate) => candidate.value === value);
    if (option) return clean(option.label);
  }
  return clean(value);
}

function fail(field: Field, detail: string): ParsedInput {
  return { ok: false, issues: [{ message: `${clean(field.label)}: ${detail}` }] };
}

// Labels, values and echoed input are shown to a person: keep them inert and short.
function clean(text: string): string {
  return sanitizeText(text, { maxLength: 200 });
}
