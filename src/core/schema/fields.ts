// The scalar field kinds (text, number, integer, boolean) and what every field shares: label,
// description, default (kept only when it is itself a valid answer) and satisfiability.
import type { BooleanField, Field, NumberField, TextField } from '../form-model.js';
import { isStringFormat, STRING_FORMATS } from '../formats.js';
import { compilePattern } from '../pattern.js';
import { validateField } from '../validate.js';
import {
  COMMON,
  type Context,
  describe,
  finiteNumber,
  has,
  issue,
  type Json,
  label,
  nonNegativeInteger,
  note,
  noteUnknownKeywords,
  optionalString,
  SCHEMA_LIMITS,
  tooLong,
} from './context.js';

export interface Base {
  readonly name: string;
  readonly label: string;
  readonly description?: string;
  readonly required: boolean;
}

export function base(ctx: Context, name: string, p: Json, required: boolean): Base {
  const title = optionalString(ctx, p, 'title', name);
  const description = optionalString(ctx, p, 'description', name);
  const out: Base = { name, label: label(name, title), required };
  return description === undefined ? out : { ...out, description };
}

/** Keeps a default only when it is itself a valid answer for the field (SEP-1034, edge case 14). */
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

export function markUnsatisfiable(ctx: Context, field: Base, reason: string): void {
  if (field.required) {
    ctx.unsatisfiable.push(`${field.label}: ${reason}`);
    note(ctx, 'unsatisfiable-field', field.name, `${reason}; this required field can never be answered`);
  } else {
    // An optional field that cannot hold a valid value can still be left empty.
    note(ctx, 'unsatisfiable-field', field.name, `${reason}; this optional field can only be left empty`);
  }
}

export function parseText(ctx: Context, name: string, p: Json, required: boolean): TextField {
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
      else
        note(
          ctx,
          'pattern-ignored',
          name,
          `"pattern" is not enforced: ${compiled.issues.map((i) => i.message).join('; ')}`,
        );
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

export function parseNumber(
  ctx: Context,
  name: string,
  p: Json,
  required: boolean,
  integer: boolean,
): NumberField {
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

export function parseBoolean(ctx: Context, name: string, p: Json, required: boolean): BooleanField {
  noteUnknownKeywords(ctx, p, name, COMMON);
  return withDefault(ctx, { ...base(ctx, name, p, required), kind: 'boolean' }, p);
}
