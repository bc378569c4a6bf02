// Shared by the requestedSchema parser's files: the parse context (issues, notes), how server
// text is quoted in messages, keyword readers, and the limits that bound a hostile schema.
import type { ModelNote } from '../form-model.js';
import type { SchemaIssue, SchemaIssueCode } from '../issues.js';
import type { PatternBudget } from '../pattern.js';
import { sanitizeText } from '../sanitize.js';

/** Work bounds against hostile servers; beyond them the request is refused with code 'too-large'. */
export const SCHEMA_LIMITS = {
  maxProperties: 200,
  maxOptions: 1000,
  /** UTF-16 code units, for every string in the request (message, titles, options, defaults...). */
  maxStringLength: 65536,
} as const;

// no `$schema` means 2020-12; the 2020-12 URI is accepted with or without the empty fragment.
export const SUPPORTED_DIALECTS = new Set([
  'https://json-schema.org/draft/2020-12/schema',
  'https://json-schema.org/draft/2020-12/schema#',
]);

// Keywords that change what an answer must look like in ways a flat form cannot express (S-08).
export const COMPOSITION = ['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas'];
export const REFERENCES = ['$ref', '$dynamicRef', '$recursiveRef'];
// Pure annotations: tolerated silently.
export const ANNOTATIONS = new Set([
  '$comment',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$id',
  '$anchor',
]);
export const COMMON = ['type', 'title', 'description', 'default'];

export type Json = Record<string, unknown>;

export interface Context {
  readonly issues: SchemaIssue[];
  readonly notes: ModelNote[];
  /** Why each required field can never be answered (edge case 14). */
  readonly unsatisfiable: string[];
  /** Pattern checks of defaults and options share one budget per request (see pattern.ts). */
  readonly budget: PatternBudget;
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function has(object: Json, key: string): boolean {
  return Object.hasOwn(object, key);
}

// Issue and note messages quote server text: JSON-quoted (escapes C0 controls) and sanitized
// (C1, bidi), so they are safe to print or to send back in a -32602 error.
export function quote(name: string, max = 80): string {
  return sanitizeText(JSON.stringify(name.length > max ? `${name.slice(0, max - 1)}…` : name));
}

export function where(field: string | undefined): string {
  return field === undefined ? 'requestedSchema' : `property ${quote(field)}`;
}

export function issue(ctx: Context, code: SchemaIssueCode, field: string | undefined, reason: string): void {
  const entry = { code, message: `${where(field)}: ${reason}` };
  ctx.issues.push(field === undefined ? entry : { field, ...entry });
}

export function note(ctx: Context, code: string, field: string | undefined, reason: string): void {
  const entry = { code, message: `${where(field)}: ${reason}` };
  ctx.notes.push(field === undefined ? entry : { field, ...entry });
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return quote(value, 40);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

export function tooLong(value: string): boolean {
  return value.length > SCHEMA_LIMITS.maxStringLength;
}

export function optionalString(ctx: Context, p: Json, key: string, field: string): string | undefined {
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

export function nonNegativeInteger(
  ctx: Context,
  p: Json,
  key: string,
  field: string | undefined,
): number | undefined {
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

export function finiteNumber(ctx: Context, p: Json, key: string, field: string): number | undefined {
  if (!has(p, key)) return undefined;
  const value = p[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    issue(ctx, 'invalid-keyword', field, `"${key}" must be a number, got ${describe(value)} (spec §2.3)`);
    return undefined;
  }
  return value;
}

// JSON Schema 2020-12 keywords that constrain an instance (plus draft-07's `dependencies` and
// `additionalItems`, which Ajv still honours). Where one of these applies and the form does not
// enforce it, the request is refused: ignoring it could send an accept the server's check rejects.
const ANY_TYPE = ['type', 'const', 'enum', ...COMPOSITION, ...REFERENCES];
const BY_TYPE: Readonly<Record<Instance, readonly string[]>> = {
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  boolean: [],
  array: [
    'items',
    'prefixItems',
    'additionalItems',
    'contains',
    'minContains',
    'maxContains',
    'minItems',
    'maxItems',
    'uniqueItems',
    'unevaluatedItems',
  ],
  object: [
    'properties',
    'patternProperties',
    'additionalProperties',
    'unevaluatedProperties',
    'propertyNames',
    'minProperties',
    'maxProperties',
    'required',
    'dependentRequired',
    'dependentSchemas',
    'dependencies',
  ],
};

/** The JSON type of the instances a schema location constrains. */
export type Instance = 'string' | 'number' | 'boolean' | 'array' | 'object';

/**
 * Every keyword at this location is enforced (`enforced`), an annotation, or refused: a constraint
 * the form cannot enforce becomes an 'unsupported-keyword' issue naming it. Keywords that cannot
 * apply to this instance type (e.g. `minimum` on a string) or that are not JSON Schema keywords at
 * all have no effect on validity, so they are noted and ignored (edge case 11).
 */
export function checkKeywords(
  ctx: Context,
  p: Json,
  field: string | undefined,
  instance: Instance,
  enforced: readonly string[],
  where = '',
): void {
  const keys = Object.keys(p).filter(
    (key) => !enforced.includes(key) && !ANNOTATIONS.has(key) && !COMMON.includes(key),
  );
  const refused = keys.filter((key) => ANY_TYPE.includes(key) || BY_TYPE[instance].includes(key));
  if (refused.length > 0) {
    const list = refused
      .slice(0, 10)
      .map((key) => quote(key))
      .join(', ');
    issue(
      ctx,
      'unsupported-keyword',
      field,
      `${where}${list} cannot be enforced in an elicitation form and is not supported (answers could break the schema)`,
    );
  }
  const ignored = keys.filter((key) => !refused.includes(key));
  if (ignored.length === 0) return;
  const list = ignored
    .slice(0, 10)
    .map((key) => quote(key))
    .join(', ');
  const more = ignored.length > 10 ? ` and ${ignored.length - 10} more` : '';
  note(
    ctx,
    'unknown-keyword',
    field,
    `${where}keyword(s) ${list}${more} have no effect here and are ignored`,
  );
}

export function label(name: string, title: string | undefined): string {
  // An empty or blank title would leave the field unlabelled: fall back to the property name.
  return title !== undefined && title.trim() !== '' ? title : name;
}
