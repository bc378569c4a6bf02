// requestedSchema → FormModel (spec 2025 §2.3, S-07, S-08, X-03; edge cases 8-14). Everything the
// spec does not allow is reported as a SchemaIssue naming the property and the rule, and ALL issues
// are reported, not only the first. Tolerated oddities become ModelNotes.
import type {
  BooleanField,
  Field,
  FormModel,
  ModelNote,
  MultiSelectField,
  NumberField,
  SelectOption,
  SingleSelectField,
  TextField,
} from './form-model.js';
import { isStringFormat, STRING_FORMATS } from './formats.js';
import type { SchemaIssue, SchemaIssueCode, Validation } from './issues.js';
import { compilePattern } from './pattern.js';
import { sanitizeText } from './sanitize.js';
import { validateField } from './validate.js';

/** Work bounds against hostile servers; beyond them the request is refused with code 'too-large'. */
export const SCHEMA_LIMITS = {
  maxProperties: 200,
  maxOptions: 1000,
  /** UTF-16 code units, for every string in the request (message, titles, options, defaults...). */
  maxStringLength: 65536,
} as const;

// no `$schema` means 2020-12; the 2020-12 URI is accepted with or without the empty fragment.
const SUPPORTED_DIALECTS = new Set([
  'https://json-schema.org/draft/2020-12/schema',
  'https://json-schema.org/draft/2020-12/schema#',
]);

// Keywords that change what an answer must look like in ways a flat form cannot express (S-08).
const COMPOSITION = ['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas'];
const REFERENCES = ['$ref', '$dynamicRef', '$recursiveRef'];
// Pure annotations: tolerated silently.
const ANNOTATIONS = new Set([
  '$comment',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$id',
  '$anchor',
]);
const COMMON = ['type', 'title', 'description', 'default'];

type Json = Record<string, unknown>;

interface Context {
  readonly issues: SchemaIssue[];
  readonly notes: ModelNote[];
  /** Why each required field can never be answered (edge case 14). */
  readonly unsatisfiable: string[];
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function has(object: Json, key: string): boolean {
  return Object.hasOwn(object, key);
}

// Issue and note messages quote server text: JSON-quoted (escapes C0 controls) and sanitized
// (C1, bidi), so they are safe to print or to send back in a -32602 error.
function quote(name: string, max = 80): string {
  return sanitizeText(JSON.stringify(name.length > max ? `${name.slice(0, max - 1)}…` : name));
}

function where(field: string | undefined): string {
  return field === undefined ? 'requestedSchema' : `property ${quote(field)}`;
}

function issue(ctx: Context, code: SchemaIssueCode, field: string | undefined, reason: string): void {
  const entry = { code, message: `${where(field)}: ${reason}` };
  ctx.issues.push(field === undefined ? entry : { field, ...entry });
}

function note(ctx: Context, code: string, field: string | undefined, reason: string): void {
  const entry = { code, message: `${where(field)}: ${reason}` };
  ctx.notes.push(field === undefined ? entry : { field, ...entry });
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return quote(value, 40);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

function tooLong(value: string): boolean {
  return value.length > SCHEMA_LIMITS.maxStringLength;
}

function optionalString(ctx: Context, p: Json, key: string, field: string): string | undefined {
  if (!has(p, key)) return undefined;
  const value = p[key];
  if (typeof value !== 'string') {
    issue(ctx, 'invalid-keyword', field, `"${key}" must be a string, got ${describe(value)} (spec §2.3)`);
    return undefined;
  }
  if (tooLong(value)) {
    issue(ctx, 'too-large', field, `"${key}" is longer than ${SCHEMA_LIMITS.maxStringLength} characters`);
    return undefined;
  }
  return value;
}

function nonNegativeInteger(ctx: Context, p: Json, key: string, field: string): number | undefined {
  if (!has(p, key)) return undefined;
  const value = p[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    issue(
      ctx,
      'invalid-keyword',
      field,
      `"${key}" must be a non-negative integer, got ${describe(value)} (spec §2.3)`,
    );
    return undefined;
  }
  return value;
}

function finiteNumber(ctx: Context, p: Json, key: string, field: string): number | undefined {
  if (!has(p, key)) return undefined;
  const value = p[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    issue(ctx, 'invalid-keyword', field, `"${key}" must be a number, got ${describe(value)} (spec §2.3)`);
    return undefined;
  }
  return value;
}

/** Notes keywords the variant does not know; they are tolerated and ignored (edge case 11). */
function noteUnknownKeywords(ctx: Context, p: Json, field: string, known: readonly string[]): void {
  const unknown = Object.keys(p).filter((key) => !known.includes(key) && !ANNOTATIONS.has(key));
  if (unknown.length === 0) return;
  const list = unknown
    .slice(0, 10)
    .map((key) => quote(key))
    .join(', ');
  const more = unknown.length > 10 ? ` and ${unknown.length - 10} more` : '';
  note(
    ctx,
    'unknown-keyword',
    field,
    `keyword(s) ${list}${more} are not part of the elicitation schema and are ignored`,
  );
}

function label(name: string, title: string | undefined): string {
  // An empty or blank title would leave the field unlabelled: fall back to the property name.
  return title !== undefined && title.trim() !== '' ? title : name;
}

interface Base {
  readonly name: string;
  readonly label: string;
  readonly description?: string;
  readonly required: boolean;
}

function base(ctx: Context, name: string, p: Json, required: boolean): Base {
  const title = optionalString(ctx, p, 'title', name);
  const description = optionalString(ctx, p, 'description', name);
  const out: Base = { name, label: label(name, title), required };
  return description === undefined ? out : { ...out, description };
}

/** Keeps a default only when it is itself a valid answer for the field (SEP-1034, edge case 14). */
function withDefault<F extends Field>(ctx: Context, field: F, p: Json): F {
  const value = p.default;
  if (value === undefined) return field;
  if (typeof value === 'string' && tooLong(value)) {
    issue(
      ctx,
      'too-large',
      field.name,
      `"default" is longer than ${SCHEMA_LIMITS.maxStringLength} characters`,
    );
    return field;
  }
  let candidate = value;
  if (field.kind === 'multi-select' && Array.isArray(value)) {
    // Multi-select default with invalid members: drop those members, keep the rest (edge case 14).
    const allowed = new Set(field.options.map((option) => option.value));
    const kept = [
      ...new Set(
        value.filter((member): member is string => typeof member === 'string' && allowed.has(member)),
      ),
    ];
    if (kept.length !== value.length) {
      note(
        ctx,
        'default-members-dropped',
        field.name,
        `default members that are not options (or repeated) were dropped`,
      );
    }
    candidate = kept;
  }
  // Judge the default as an optional answer: "required" is about the person, not the default.
  const problems = validateField({ ...field, required: false }, candidate as never);
  if (problems.length > 0) {
    // A default of the wrong type, outside the options or out of bounds is ignored (edge case 14).
    const why = problems.map((p) => p.message).join(' ');
    note(
      ctx,
      'default-ignored',
      field.name,
      `the default ${describe(value)} is not a valid answer and is ignored (${why})`,
    );
    return field;
  }
  return { ...field, default: candidate } as F;
}

function markUnsatisfiable(ctx: Context, field: Base, reason: string): void {
  if (field.required) {
    ctx.unsatisfiable.push(`${field.label}: ${reason}`);
    note(ctx, 'unsatisfiable-field', field.name, `${reason}; this required field can never be answered`);
  } else {
    // An optional field that cannot hold a valid value can still be left empty.
    note(ctx, 'unsatisfiable-field', field.name, `${reason}; this optional field can only be left empty`);
  }
}

function parseText(ctx: Context, name: string, p: Json, required: boolean): TextField {
  noteUnknownKeywords(ctx, p, name, [...COMMON, 'minLength', 'maxLength', 'format', 'pattern']);
  let field: TextField = { ...base(ctx, name, p, required), kind: 'text' };
  const minLength = nonNegativeInteger(ctx, p, 'minLength', name);
  const maxLength = nonNegativeInteger(ctx, p, 'maxLength', name);
  if (minLength !== undefined) field = { ...field, minLength };
  if (maxLength !== undefined) field = { ...field, maxLength };
  if (has(p, 'format')) {
    const format = p.format;
    if (isStringFormat(format)) field = { ...field, format };
    else if (typeof format !== 'string') {
      issue(ctx, 'invalid-keyword', name, `"format" must be a string, got ${describe(format)} (spec §2.3)`);
    } else {
      // format is an annotation in 2020-12; an unknown one is ignored rather than refused.
      note(
        ctx,
        'format-ignored',
        name,
        `format ${describe(format)} is not one of ${STRING_FORMATS.join(', ')} and is ignored`,
      );
    }
  }
  if (has(p, 'pattern')) {
    const pattern = p.pattern;
    // Tolerated extension (spec §6 point 1): enforced with a linear-time engine or ignored with a note.
    if (typeof pattern !== 'string')
      note(ctx, 'pattern-ignored', name, `"pattern" is not a string and is ignored`);
    else if (tooLong(pattern))
      issue(ctx, 'too-large', name, `"pattern" is longer than ${SCHEMA_LIMITS.maxStringLength} characters`);
    else {
      const compiled = compilePattern(pattern);
      if (compiled.ok) field = { ...field, pattern };
      else note(ctx, 'pattern-ignored', name, `"pattern" is not enforced: ${compiled.reason}`);
    }
  }
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) {
    markUnsatisfiable(ctx, field, `minLength ${minLength} is greater than maxLength ${maxLength}`);
  } else if (required && maxLength === 0) {
    markUnsatisfiable(
      ctx,
      field,
      'maxLength 0 allows only an empty answer, and a required text field needs one',
    );
  }
  return withDefault(ctx, field, p);
}

function parseNumber(ctx: Context, name: string, p: Json, required: boolean, integer: boolean): NumberField {
  noteUnknownKeywords(ctx, p, name, [...COMMON, 'minimum', 'maximum']);
  let field: NumberField = { ...base(ctx, name, p, required), kind: 'number', integer };
  const minimum = finiteNumber(ctx, p, 'minimum', name);
  const maximum = finiteNumber(ctx, p, 'maximum', name);
  if (minimum !== undefined) field = { ...field, minimum };
  if (maximum !== undefined) field = { ...field, maximum };
  if (minimum !== undefined && maximum !== undefined && minimum > maximum) {
    markUnsatisfiable(ctx, field, `minimum ${minimum} is greater than maximum ${maximum}`);
  } else if (
    integer &&
    minimum !== undefined &&
    maximum !== undefined &&
    Math.ceil(minimum) > Math.floor(maximum)
  ) {
    markUnsatisfiable(ctx, field, `no integer lies between ${minimum} and ${maximum}`);
  }
  return withDefault(ctx, field, p);
}

function parseBoolean(ctx: Context, name: string, p: Json, required: boolean): BooleanField {
  noteUnknownKeywords(ctx, p, name, COMMON);
  return withDefault(ctx, { ...base(ctx, name, p, required), kind: 'boolean' }, p);
}

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
  if (!list.every((value): value is string => typeof value === 'string')) {
    issue(ctx, 'invalid-options', name, `every "${key}" option must be a string (spec §2.3)`);
    return undefined;
  }
  if (list.some(tooLong)) {
    issue(ctx, 'too-large', name, `an option is longer than ${SCHEMA_LIMITS.maxStringLength} characters`);
    return undefined;
  }
  return list.map((value) => ({ value, label: value }));
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
      issue(
        ctx,
        'invalid-options',
        name,
        `"${key}" entry ${index} must be an object with a string "const" (spec §2.3)`,
      );
      return undefined;
    }
    if (has(entry, 'title') && typeof entry.title !== 'string') {
      issue(
        ctx,
        'invalid-options',
        name,
        `"${key}" entry ${index} has a "title" that is not a string (spec §2.3)`,
      );
      return undefined;
    }
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

/** Duplicate option values collapse to the first occurrence (edge case 14). */
function dedupe(ctx: Context, name: string, options: readonly SelectOption[]): SelectOption[] {
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

function parseSingleSelect(
  ctx: Context,
  name: string,
  p: Json,
  required: boolean,
): SingleSelectField | undefined {
  let variant: SingleSelectField['variant'];
  let options: SelectOption[] | undefined;
  if (Array.isArray(p.oneOf)) {
    variant = 'titled';
    noteUnknownKeywords(ctx, p, name, [...COMMON, 'oneOf']);
    options = titledOptions(ctx, name, p.oneOf, 'oneOf');
  } else {
    const list = p.enum as unknown[];
    options = enumOptions(ctx, name, list, 'enum');
    if (has(p, 'enumNames')) {
      variant = 'legacy';
      noteUnknownKeywords(ctx, p, name, [...COMMON, 'enum', 'enumNames']);
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
        // enumNames that do not line up with enum cannot be trusted: show raw values (edge case 14).
        note(
          ctx,
          'enum-names-mismatch',
          name,
          '"enumNames" does not match "enum" one-to-one; the raw values are shown',
        );
      }
    } else {
      variant = 'untitled';
      noteUnknownKeywords(ctx, p, name, [...COMMON, 'enum']);
    }
  }
  if (options === undefined) return undefined;
  options = dedupe(ctx, name, options);
  const field: SingleSelectField = {
    ...base(ctx, name, p, required),
    kind: 'single-select',
    variant,
    options,
  };
  // An empty option list: nothing can be chosen (edge case 14).
  if (options.length === 0) markUnsatisfiable(ctx, field, 'it offers no options');
  return withDefault(ctx, field, p);
}

function parseMultiSelect(
  ctx: Context,
  name: string,
  p: Json,
  required: boolean,
): MultiSelectField | undefined {
  const items = p.items;
  if (!isObject(items)) {
    issue(
      ctx,
      'unsupported-array',
      name,
      'arrays are allowed only as multi-select with "items.enum" or "items.anyOf" (spec S-08, §2.3)',
    );
    return undefined;
  }
  if (REFERENCES.some((key) => has(items, key))) {
    issue(
      ctx,
      'ref-not-supported',
      name,
      '"$ref" in "items" is not supported in an elicitation form (spec S-08)',
    );
    return undefined;
  }
  if (has(items, 'type') && items.type !== 'string') {
    issue(
      ctx,
      'unsupported-array',
      name,
      `multi-select items must be strings, got type ${describe(items.type)} (spec S-08, §2.3)`,
    );
    return undefined;
  }
  let variant: MultiSelectField['variant'];
  let options: SelectOption[] | undefined;
  if (Array.isArray(items.anyOf)) {
    variant = 'titled';
    noteUnknownKeywords(ctx, items, name, ['type', 'anyOf']);
    options = titledOptions(ctx, name, items.anyOf, 'items.anyOf');
  } else if (Array.isArray(items.enum)) {
    variant = 'untitled';
    noteUnknownKeywords(ctx, items, name, ['type', 'enum']);
    options = enumOptions(ctx, name, items.enum, 'items.enum');
  } else {
    issue(
      ctx,
      'unsupported-array',
      name,
      'arrays are allowed only as multi-select with "items.enum" or "items.anyOf" (spec S-08, §2.3)',
    );
    return undefined;
  }
  // uniqueItems is implied: answers never repeat a choice.
  noteUnknownKeywords(ctx, p, name, [...COMMON, 'items', 'minItems', 'maxItems', 'uniqueItems']);
  const minItems = nonNegativeInteger(ctx, p, 'minItems', name);
  const maxItems = nonNegativeInteger(ctx, p, 'maxItems', name);
  if (options === undefined) return undefined;
  options = dedupe(ctx, name, options);
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

function parseProperty(ctx: Context, name: string, p: unknown, required: boolean): Field | undefined {
  if (tooLong(name)) {
    issue(
      ctx,
      'too-large',
      undefined,
      `a property name is longer than ${SCHEMA_LIMITS.maxStringLength} characters`,
    );
    return undefined;
  }
  if (!isObject(p)) {
    issue(
      ctx,
      'unsupported-type',
      name,
      `the property schema must be an object, got ${describe(p)} (spec S-08, §2.3)`,
    );
    return undefined;
  }
  if (REFERENCES.some((key) => has(p, key))) {
    issue(
      ctx,
      'ref-not-supported',
      name,
      '"$ref" is not supported in an elicitation form; properties must be inline primitives (spec S-08)',
    );
    return undefined;
  }
  const type = p.type;
  // oneOf is the titled single-select shape on a string; any other composition is unsupported.
  const composition = COMPOSITION.filter((key) => has(p, key) && !(key === 'oneOf' && type === 'string'));
  if (composition.length > 0) {
    const list = composition.map((key) => quote(key)).join(', ');
    issue(
      ctx,
      'composition-not-supported',
      name,
      `${list} is not allowed here; only the enum shapes of §2.3 may use oneOf/anyOf (spec S-08)`,
    );
    return undefined;
  }
  // Options exist only on string (single-select) properties; ignoring them elsewhere would let an
  // answer through that the server's own schema check rejects.
  if (has(p, 'enum') && type !== 'string') {
    issue(ctx, 'invalid-options', name, '"enum" is allowed only on type "string" or in "items" (spec §2.3)');
    return undefined;
  }
  if (!has(p, 'type')) {
    issue(
      ctx,
      'missing-type',
      name,
      '"type" is missing; it must be string, number, integer, boolean or array (spec S-08, §2.3)',
    );
    return undefined;
  }
  // Discriminator order of spec §2.3: boolean, number/integer, array, string.
  switch (type) {
    case 'boolean':
      return parseBoolean(ctx, name, p, required);
    case 'number':
    case 'integer':
      return parseNumber(ctx, name, p, required, type === 'integer');
    case 'array':
      return parseMultiSelect(ctx, name, p, required);
    case 'string':
      if (Array.isArray(p.oneOf) || Array.isArray(p.enum)) return parseSingleSelect(ctx, name, p, required);
      if (has(p, 'oneOf') || has(p, 'enum')) {
        issue(ctx, 'invalid-options', name, '"enum"/"oneOf" must be an array of options (spec §2.3)');
        return undefined;
      }
      return parseText(ctx, name, p, required);
    case 'object':
      issue(ctx, 'nested-object', name, 'nested objects are not allowed in an elicitation form (spec S-08)');
      return undefined;
    default:
      issue(
        ctx,
        'unsupported-type',
        name,
        `type ${describe(type)} is not allowed; use string, number, integer, boolean or array (spec S-08, §2.3)`,
      );
      return undefined;
  }
}

function parseRequired(ctx: Context, schema: Json, properties: Json): Set<string> {
  const out = new Set<string>();
  if (!has(schema, 'required')) return out;
  const required = schema.required;
  if (!Array.isArray(required) || !required.every((name): name is string => typeof name === 'string')) {
    issue(ctx, 'invalid-keyword', undefined, '"required" must be an array of property names (spec §2.2)');
    return out;
  }
  if (required.length > SCHEMA_LIMITS.maxProperties * 2) {
    issue(ctx, 'too-large', undefined, `"required" lists ${required.length} names`);
    return out;
  }
  for (const name of required) {
    // A required name with no property is ignored with a note, not refused (edge case 10): the
    // form can still be answered, and the server's own schema check decides.
    if (has(properties, name)) out.add(name);
    else
      note(
        ctx,
        'required-unknown-property',
        undefined,
        `"required" names ${quote(name)}, which is not a property; ignored`,
      );
  }
  return out;
}

/** Turns a `requestedSchema` into the typed form every front-end renders (spec 2025 §2.3). */
export function parseRequestedSchema(schema: unknown): Validation<FormModel, SchemaIssue> {
  const ctx: Context = { issues: [], notes: [], unsatisfiable: [] };
  if (!isObject(schema)) {
    issue(
      ctx,
      'not-an-object-schema',
      undefined,
      `must be a JSON object schema, got ${describe(schema)} (spec §2.2, edge case 8)`,
    );
    return { ok: false, issues: ctx.issues };
  }
  if (has(schema, '$schema') && !SUPPORTED_DIALECTS.has(schema.$schema as string)) {
    issue(
      ctx,
      'unsupported-dialect',
      undefined,
      `"$schema" ${describe(schema.$schema)} is not supported; only JSON Schema 2020-12 is (spec X-03)`,
    );
  }
  if (schema.type !== 'object') {
    issue(
      ctx,
      'not-an-object-schema',
      undefined,
      `"type" must be "object", got ${describe(schema.type)} (spec §2.2, edge case 8)`,
    );
  }
  if (REFERENCES.some((key) => has(schema, key))) {
    issue(
      ctx,
      'ref-not-supported',
      undefined,
      '"$ref" is not supported; the schema must be a flat object (spec S-08)',
    );
  }
  const composition = COMPOSITION.filter((key) => has(schema, key));
  if (composition.length > 0) {
    issue(
      ctx,
      'composition-not-supported',
      undefined,
      `${composition.map((key) => quote(key)).join(', ')} is not allowed on the form schema (spec S-08)`,
    );
  }
  const known = [
    '$schema',
    'type',
    'properties',
    'required',
    'title',
    'description',
    'additionalProperties',
    '$defs',
  ];
  const unknown = Object.keys(schema).filter(
    (key) =>
      !known.includes(key) &&
      !ANNOTATIONS.has(key) &&
      !COMPOSITION.includes(key) &&
      !REFERENCES.includes(key),
  );
  if (unknown.length > 0)
    note(
      ctx,
      'unknown-keyword',
      undefined,
      `keyword(s) ${unknown
        .slice(0, 10)
        .map((key) => quote(key))
        .join(', ')} are ignored`,
    );

  const properties = schema.properties;
  if (!isObject(properties)) {
    const reason = has(schema, 'properties')
      ? `must be an object, got ${describe(properties)}`
      : 'is missing';
    issue(ctx, 'missing-properties', undefined, `"properties" ${reason} (spec §2.2, edge case 8)`);
    return { ok: false, issues: ctx.issues };
  }
  const names = Object.keys(properties);
  if (names.length > SCHEMA_LIMITS.maxProperties) {
    issue(
      ctx,
      'too-large',
      undefined,
      `${names.length} properties; at most ${SCHEMA_LIMITS.maxProperties} are accepted`,
    );
    return { ok: false, issues: ctx.issues };
  }
  const required = parseRequired(ctx, schema, properties);
  const fields: Field[] = [];
  for (const name of names) {
    const field = parseProperty(ctx, name, properties[name], required.has(name));
    if (field) fields.push(field);
  }
  if (ctx.issues.length > 0) return { ok: false, issues: ctx.issues };
  // Empty properties is a pure confirmation: accept sends `content: {}` (edge case 13).
  if (fields.length === 0)
    note(
      ctx,
      'confirmation-only',
      undefined,
      'no fields: this is a confirmation (accept sends empty content)',
    );
  return { ok: true, value: { fields, notes: ctx.notes, satisfiable: ctx.unsatisfiable.length === 0 } };
}

/** Checks a form-mode `elicitation/create` params object (S-05, S-07), then parses its schema. */
export function parseFormParams(
  params: unknown,
  parseSchema: (schema: unknown) => Validation<FormModel, SchemaIssue> = parseRequestedSchema,
): Validation<{ message: string; model: FormModel }, SchemaIssue> {
  // Routing on `mode` (C-08, C-17) is the adapter's job; this only sees form-mode params.
  const object = isObject(params) ? params : {};
  const issues: SchemaIssue[] = [];
  const message = object.message;
  if (typeof message !== 'string') {
    issues.push({
      code: 'missing-message',
      message: `params: "message" must be a string, got ${has(object, 'message') ? describe(message) : 'nothing'} (spec S-05, edge case 8)`,
    });
  } else if (tooLong(message)) {
    issues.push({
      code: 'too-large',
      message: `params: "message" is longer than ${SCHEMA_LIMITS.maxStringLength} characters`,
    });
  }
  let model: FormModel | undefined;
  if (!has(object, 'requestedSchema')) {
    issues.push({
      code: 'missing-schema',
      message: 'params: "requestedSchema" is missing; form mode requires it (spec S-07, edge case 8)',
    });
  } else {
    const parsed = parseSchema(object.requestedSchema);
    if (parsed.ok) model = parsed.value;
    else issues.push(...parsed.issues);
  }
  if (issues.length > 0 || model === undefined || typeof message !== 'string') return { ok: false, issues };
  return { ok: true, value: { message, model } };
}
