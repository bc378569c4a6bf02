// Top-level object keywords the form enforces on the answer as a whole (2020-12 validation §6.5):
// how many fields are sent, and which fields must be sent together. Anything else that constrains
// the object (propertyNames, patternProperties, enum, const, dependentSchemas) is refused.
import type { DependentRequired, Field, FormModel } from '../form-model.js';
import {
  type Context,
  describe,
  has,
  isObject,
  issue,
  type Json,
  nonNegativeInteger,
  note,
  quote,
  SCHEMA_LIMITS,
} from './context.js';

type Rules = Pick<FormModel, 'minProperties' | 'maxProperties' | 'dependentRequired'>;

/** Records that no answer can be valid because of the schema as a whole (E-14). */
export function unsatisfiableForm(ctx: Context, reason: string): void {
  ctx.unsatisfiable.push(reason);
  note(ctx, 'unsatisfiable-form', undefined, reason);
}

function dependencyLists(ctx: Context, value: unknown, key: string): DependentRequired[] | undefined {
  if (!isObject(value)) {
    issue(ctx, 'invalid-keyword', undefined, `"${key}" must be an object, got ${describe(value)}`);
    return undefined;
  }
  const out: DependentRequired[] = [];
  for (const [property, requires] of Object.entries(value)) {
    if (Array.isArray(requires) && requires.every((name): name is string => typeof name === 'string')) {
      out.push({ property, requires });
      continue;
    }
    // Draft-07 `dependencies` may hold a schema (dependentSchemas): a flat form cannot express it.
    const what = isObject(requires) || typeof requires === 'boolean' ? 'a schema' : describe(requires);
    issue(
      ctx,
      key === 'dependencies' && what === 'a schema' ? 'unsupported-keyword' : 'invalid-keyword',
      undefined,
      `"${key}" gives ${quote(property)} ${what}; only lists of property names are supported`,
    );
    return undefined;
  }
  return out;
}

export function parseFormRules(ctx: Context, schema: Json, fields: readonly Field[]): Rules {
  let rules: Rules = {};
  const minProperties = nonNegativeInteger(ctx, schema, 'minProperties', undefined);
  const maxProperties = nonNegativeInteger(ctx, schema, 'maxProperties', undefined);
  if (minProperties !== undefined) rules = { ...rules, minProperties };
  if (maxProperties !== undefined) rules = { ...rules, maxProperties };
  const dependent = [
    ...(has(schema, 'dependentRequired')
      ? (dependencyLists(ctx, schema.dependentRequired, 'dependentRequired') ?? [])
      : []),
    ...(has(schema, 'dependencies') ? (dependencyLists(ctx, schema.dependencies, 'dependencies') ?? []) : []),
  ];
  if (dependent.length > 0) rules = { ...rules, dependentRequired: dependent };
  if (minProperties !== undefined && minProperties > fields.length) {
    unsatisfiableForm(
      ctx,
      `"minProperties" ${minProperties} is more than the ${fields.length} field(s) offered`,
    );
  } else if (minProperties !== undefined && maxProperties !== undefined && minProperties > maxProperties) {
    unsatisfiableForm(
      ctx,
      `"minProperties" ${minProperties} is greater than "maxProperties" ${maxProperties}`,
    );
  }
  const required = fields.filter((field) => field.required).length;
  if (maxProperties !== undefined && required > maxProperties) {
    unsatisfiableForm(ctx, `${required} fields are required but "maxProperties" allows ${maxProperties}`);
  }
  return rules;
}

/** The `required` names that are properties; a name with no property makes the form unsatisfiable. */
export function parseRequired(ctx: Context, schema: Json, properties: Json): Set<string> {
  const out = new Set<string>();
  if (!has(schema, 'required')) return out;
  const required = schema.required;
  // Spread first: a sparse array (possible from JS callers, not JSON) has holes that every() skips.
  if (!Array.isArray(required) || ![...required].every((name): name is string => typeof name === 'string')) {
    issue(ctx, 'invalid-keyword', undefined, '"required" must be an array of property names');
    return out;
  }
  if (required.length > SCHEMA_LIMITS.maxProperties * 2) {
    issue(ctx, 'too-large', undefined, `"required" lists ${required.length} names`);
    return out;
  }
  for (const name of required) {
    // A required name with no property (E-10) can never be present in an answer: the form
    // is unsatisfiable (decline and cancel only) rather than refused, so a person can still say no.
    if (has(properties, name)) out.add(name);
    else
      unsatisfiableForm(
        ctx,
        `"required" names ${quote(name)}, which is not a property, so no answer can include it`,
      );
  }
  return out;
}
