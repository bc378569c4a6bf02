// requestedSchema → FormModel (spec 2025 §2.3, S-07, S-08, X-03; E-08..E-14). Everything the
// spec does not allow is reported as a SchemaIssue naming the property and the rule, and ALL issues
// are reported, not only the first. Tolerated oddities become ModelNotes.
import type { Field, FormModel } from './form-model.js';
import type { SchemaIssue, Validation } from './issues.js';
import { patternBudget } from './pattern.js';
import {
  COMPOSITION,
  type Context,
  checkKeywords,
  describe,
  has,
  isObject,
  issue,
  note,
  quote,
  REFERENCES,
  SCHEMA_LIMITS,
  SUPPORTED_DIALECTS,
  tooLong,
} from './schema/context.js';
import { parseBoolean, parseNumber, parseText } from './schema/fields.js';
import { parseFormRules, parseRequired } from './schema/form-rules.js';
import { ENFORCED_KEYWORDS } from './schema/keywords.js';
import { parseMultiSelect, parseSingleSelect } from './schema/options.js';

export { SCHEMA_LIMITS } from './schema/context.js';

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
      `the property schema must be an object, got ${describe(p)}`, // S-08
    );
    return undefined;
  }
  if (!acceptsShape(ctx, name, p)) return undefined;
  return parseByType(ctx, name, p, required);
}

/** Refuses, with an issue, a property no field kind takes (a reference, composition, no type). */
function acceptsShape(ctx: Context, name: string, p: Record<string, unknown>): boolean {
  if (REFERENCES.some((key) => has(p, key))) {
    issue(
      ctx,
      'ref-not-supported',
      name,
      '"$ref" is not supported in an elicitation form; properties must be inline primitives', // S-08
    );
    return false;
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
      `${list} is not allowed here; only the enum shapes may use oneOf/anyOf`, // S-08
    );
    return false;
  }
  // Options exist only on string (single-select) properties; ignoring them elsewhere would let an
  // answer through that the server's own schema check rejects.
  if (has(p, 'enum') && type !== 'string') {
    issue(ctx, 'invalid-options', name, '"enum" is allowed only on type "string" or in "items"');
    return false;
  }
  if (!has(p, 'type')) {
    issue(
      ctx,
      'missing-type',
      name,
      '"type" is missing; it must be string, number, integer, boolean or array', // S-08
    );
    return false;
  }
  return true;
}

function parseByType(
  ctx: Context,
  name: string,
  p: Record<string, unknown>,
  required: boolean,
): Field | undefined {
  const type = p.type;
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
      if (
        Array.isArray(p.oneOf) ||
        Array.isArray(p.enum) ||
        (has(p, 'const') && !has(p, 'oneOf') && !has(p, 'enum'))
      )
        return parseSingleSelect(ctx, name, p, required);
      if (has(p, 'oneOf') || has(p, 'enum')) {
        issue(ctx, 'invalid-options', name, '"enum"/"oneOf" must be an array of options');
        return undefined;
      }
      return parseText(ctx, name, p, required);
    case 'object':
      issue(ctx, 'nested-object', name, 'nested objects are not allowed in an elicitation form'); // S-08
      return undefined;
    default:
      issue(
        ctx,
        'unsupported-type',
        name,
        `type ${describe(type)} is not allowed; use string, number, integer, boolean or array`, // S-08
      );
      return undefined;
  }
}

/** The form schema's own checks: dialect, type, no references or composition, known keywords. */
function checkFormSchema(ctx: Context, schema: Record<string, unknown>): void {
  if (has(schema, '$schema') && !SUPPORTED_DIALECTS.has(schema.$schema as string)) {
    issue(
      ctx,
      'unsupported-dialect',
      undefined,
      `"$schema" ${describe(schema.$schema)} is not supported; only JSON Schema 2020-12 is`,
    );
  }
  if (schema.type !== 'object') {
    issue(
      ctx,
      'not-an-object-schema',
      undefined,
      `"type" must be "object", got ${describe(schema.type)}`, // E-08
    );
  }
  if (REFERENCES.some((key) => has(schema, key))) {
    issue(
      ctx,
      'ref-not-supported',
      undefined,
      '"$ref" is not supported; the schema must be a flat object', // S-08
    );
  }
  const composition = COMPOSITION.filter((key) => has(schema, key));
  if (composition.length > 0) {
    issue(
      ctx,
      'composition-not-supported',
      undefined,
      `${composition.map((key) => quote(key)).join(', ')} is not allowed on the form schema`, // S-08
    );
  }
  // Composition and references are refused above with their own codes.
  checkKeywords(ctx, schema, undefined, 'object', [
    ...COMPOSITION,
    ...REFERENCES,
    '$schema',
    '$defs',
    'definitions',
    // Content only ever holds declared properties, so additionalProperties always holds.
    ...ENFORCED_KEYWORDS.form,
  ]);
}

type ParsedSchema = Validation<FormModel, SchemaIssue>;

/** Turns a `requestedSchema` into the typed form every front-end renders (spec 2025 §2.3). */
export function parseRequestedSchema(schema: unknown): Validation<FormModel, SchemaIssue> {
  const steps = parseRequestedSchemaSteps(schema);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * The same parse, pausing after each property: a caller that must not hold the event loop for
 * long (a 200 x 1000-option form is megabytes) resumes it in slices; the result is identical.
 */
export function* parseRequestedSchemaSteps(schema: unknown): Generator<void, ParsedSchema, void> {
  const ctx: Context = { issues: [], notes: [], unsatisfiable: [], budget: patternBudget() };
  if (!isObject(schema)) {
    issue(
      ctx,
      'not-an-object-schema',
      undefined,
      `must be a JSON object schema, got ${describe(schema)}`, // E-08
    );
    return { ok: false, issues: ctx.issues };
  }
  checkFormSchema(ctx, schema);

  const properties = schema.properties;
  if (!isObject(properties)) {
    const reason = has(schema, 'properties')
      ? `must be an object, got ${describe(properties)}`
      : 'is missing';
    issue(ctx, 'missing-properties', undefined, `"properties" ${reason}`); // E-08
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
    yield;
  }
  const rules = parseFormRules(ctx, schema, fields);
  if (ctx.issues.length > 0) return { ok: false, issues: ctx.issues };
  // Empty properties is a pure confirmation: accept sends `content: {}` (E-13).
  if (fields.length === 0)
    note(
      ctx,
      'confirmation-only',
      undefined,
      'no fields: this is a confirmation (accept sends empty content)',
    );
  return {
    ok: true,
    value: { fields, notes: ctx.notes, satisfiable: ctx.unsatisfiable.length === 0, ...rules },
  };
}

/** Checks a form-mode `elicitation/create` params object (S-05, S-07), then parses its schema. */
export function parseFormParams(
  params: unknown,
  parseSchema: (schema: unknown) => Validation<FormModel, SchemaIssue> = parseRequestedSchema,
): Validation<
  {
    /** The request's `message` (untrusted text). */
    message: string;
    /** The parsed form. */
    model: FormModel;
  },
  SchemaIssue
> {
  // Routing on `mode` (C-08, C-17) is the adapter's job; this only sees form-mode params.
  const object = isObject(params) ? params : {};
  const issues: SchemaIssue[] = [];
  const message = object.message;
  if (typeof message !== 'string') {
    issues.push({
      code: 'missing-message',
      message: `params: "message" must be a string, got ${has(object, 'message') ? describe(message) : 'nothing'}`, // S-05, E-08
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
      message: 'params: "requestedSchema" is missing; form mode requires it', // S-07, E-08
    });
  } else {
    const parsed = parseSchema(object.requestedSchema);
    if (parsed.ok) model = parsed.value;
    else issues.push(...parsed.issues);
  }
  if (issues.length > 0 || model === undefined || typeof message !== 'string') return { ok: false, issues };
  return { ok: true, value: { message, model } };
}
