// The scalar field kinds (text, number, integer, boolean) and what every field shares: label,
// description, default (kept only when it is itself a valid answer) and satisfiability.
import type { BooleanField, Field, NumberField, TextField } from '../form-model.js';
import { isStringFormat, STRING_FORMATS } from '../formats.js';
import { optionValues } from '../option-values.js';
import { compilePattern } from '../pattern.js';
import type { StringRules } from '../string-rules.js';
import { validateField } from '../validate.js';
import {
  type Context,
  checkKeywords,
  describe,
  finiteNumber,
  has,
  issue,
  type Json,
  label,
  nonNegativeInteger,
  note,
  optionalString,
  SCHEMA_LIMITS,
  tooLong,
} from './context.js';
import { ENFORCED_KEYWORDS } from './keywords.js';

export interface Base {
  readonly name: string;
  readonly label: string;
  readonly description?: string;
  readonly required: boolean;
  readonly secret?: true;
}

export function base(ctx: Context, name: string, p: Json, required: boolean): Base {
  const title = optionalString(ctx, p, 'title', name);
  const description = optionalString(ctx, p, 'description', name);
  const out: Base = { name, label: label(name, title), required };
  // Annotations, not constraints, but a server saying "secret" is the surest sign of one (S-01).
  const secret = p.writeOnly === true || p.format === 'password';
  return { ...out, ...(description !== undefined && { description }), ...(secret && { secret: true }) };
}

/** Keeps a default only when it is itself a valid answer for the field (SEP-1034, E-14). */
export function withDefault<F extends Field>(ctx: Context, field: F, p: Json): F {
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
    // Multi-select default with invalid members: drop those members, keep the rest (E-14).
    const allowed = optionValues(field.options);
    const members = new Set<string>();
    for (const member of value) if (typeof member === 'string' && allowed.has(member)) members.add(member);
    const kept = [...members];
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
  const problems = validateField({ ...field, required: false }, candidate as never, ctx.budget);
  if (problems.length > 0) {
    // A default of the wrong type, outside the options or out of bounds is ignored (E-14).
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

export function markUnsatisfiable(ctx: Context, field: Base, reason: string): void {
  if (field.required) {
    ctx.unsatisfiable.push(`${field.label}: ${reason}`);
    note(ctx, 'unsatisfiable-field', field.name, `${reason}; this required field can never be answered`);
  } else {
    // An optional field that cannot hold a valid value can still be left empty.
    note(ctx, 'unsatisfiable-field', field.name, `${reason}; this optional field can only be left empty`);
  }
}

/** The string keywords (minLength, maxLength, format, pattern) at one location; bad ones are issues. */
export function parseStringRules(ctx: Context, p: Json, name: string, where = ''): StringRules {
  let rules: StringRules = {};
  const minLength = nonNegativeInteger(ctx, p, 'minLength', name);
  const maxLength = nonNegativeInteger(ctx, p, 'maxLength', name);
  if (minLength !== undefined) rules = { ...rules, minLength };
  if (maxLength !== undefined) rules = { ...rules, maxLength };
  if (has(p, 'format')) {
    const format = p.format;
    if (isStringFormat(format)) rules = { ...rules, format };
    else if (typeof format !== 'string') {
      issue(ctx, 'invalid-keyword', name, `${where}"format" must be a string, got ${describe(format)}`);
    } else {
      // format is an annotation in 2020-12; an unknown one is ignored rather than refused.
      note(
        ctx,
        'format-ignored',
        name,
        `${where}format ${describe(format)} is not one of ${STRING_FORMATS.join(', ')} and is ignored`,
      );
    }
  }
  if (has(p, 'pattern')) {
    const pattern = p.pattern;
    // Tolerated extension (spec §6 point 1): enforced exactly, or the request is refused.
    if (typeof pattern !== 'string')
      issue(ctx, 'invalid-keyword', name, `${where}"pattern" must be a string, got ${describe(pattern)}`);
    else if (tooLong(pattern))
      issue(
        ctx,
        'too-large',
        name,
        `${where}"pattern" is longer than ${SCHEMA_LIMITS.maxStringLength} characters`,
      );
    else {
      const compiled = compilePattern(pattern, ctx.budget);
      if (compiled.ok) rules = { ...rules, pattern };
      else {
        const code = compiled.issues.some((i) => i.overBudget) ? 'too-large' : 'unsupported-keyword';
        const why = compiled.issues.map((i) => i.message).join('; ');
        issue(ctx, code, name, `${where}"pattern" cannot be enforced: ${why}`);
      }
    }
  }
  return rules;
}

export function parseText(ctx: Context, name: string, p: Json, required: boolean): TextField {
  checkKeywords(ctx, p, name, 'string', ENFORCED_KEYWORDS.text);
  const field: TextField = {
    ...base(ctx, name, p, required),
    kind: 'text',
    ...parseStringRules(ctx, p, name),
  };
  const { minLength, maxLength } = field;
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

function positiveNumber(ctx: Context, p: Json, key: string, field: string): number | undefined {
  const value = finiteNumber(ctx, p, key, field);
  if (value === undefined || value > 0) return value;
  issue(ctx, 'invalid-keyword', field, `"${key}" must be greater than 0, got ${value}`);
  return undefined;
}

export function parseNumber(
  ctx: Context,
  name: string,
  p: Json,
  required: boolean,
  integer: boolean,
): NumberField {
  checkKeywords(ctx, p, name, 'number', ENFORCED_KEYWORDS.number);
  let field: NumberField = { ...base(ctx, name, p, required), kind: 'number', integer };
  let minimum = finiteNumber(ctx, p, 'minimum', name);
  let maximum = finiteNumber(ctx, p, 'maximum', name);
  const exclusiveMinimum = finiteNumber(ctx, p, 'exclusiveMinimum', name);
  const exclusiveMaximum = finiteNumber(ctx, p, 'exclusiveMaximum', name);
  const multipleOf = positiveNumber(ctx, p, 'multipleOf', name);
  if (has(p, 'const')) {
    // `const` pins the value: both inclusive bounds become it (a non-number const allows nothing).
    const pinned = p.const;
    if (typeof pinned !== 'number' || !Number.isFinite(pinned)) {
      issue(ctx, 'invalid-keyword', name, `"const" must be a number here, got ${describe(pinned)}`);
    } else {
      minimum = Math.max(minimum ?? pinned, pinned);
      maximum = Math.min(maximum ?? pinned, pinned);
    }
  }
  if (minimum !== undefined) field = { ...field, minimum };
  if (maximum !== undefined) field = { ...field, maximum };
  if (exclusiveMinimum !== undefined) field = { ...field, exclusiveMinimum };
  if (exclusiveMaximum !== undefined) field = { ...field, exclusiveMaximum };
  if (multipleOf !== undefined) field = { ...field, multipleOf };
  const low = Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
  const high = Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
  const open =
    (exclusiveMinimum !== undefined && low === exclusiveMinimum) ||
    (exclusiveMaximum !== undefined && high === exclusiveMaximum);
  if (low > high || (low === high && open)) {
    markUnsatisfiable(ctx, field, `no number lies within the bounds (${low} to ${high})`);
  } else if (integer && Math.ceil(low) > Math.floor(high)) {
    markUnsatisfiable(ctx, field, `no integer lies between ${low} and ${high}`);
  }
  return withDefault(ctx, field, p);
}

export function parseBoolean(ctx: Context, name: string, p: Json, required: boolean): BooleanField {
  checkKeywords(ctx, p, name, 'boolean', ENFORCED_KEYWORDS.boolean);
  const field: BooleanField = { ...base(ctx, name, p, required), kind: 'boolean' };
  if (!has(p, 'const')) return withDefault(ctx, field, p);
  if (typeof p.const !== 'boolean') {
    issue(ctx, 'invalid-keyword', name, `"const" must be true or false here, got ${describe(p.const)}`);
    return field;
  }
  return withDefault(ctx, { ...field, const: p.const }, p);
}
