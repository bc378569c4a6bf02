// Turns a parsed form model back into a `requestedSchema` for a host that answers forms itself: the
// host sees the schema the proxy checked (sanitised of unknown keywords), not the raw server text,
// with every rule the engine enforces (core/schema/keywords.ts; test/proxy/model-schema.test.ts
// walks that table), so a host can show each rule and no rule is news only at the proxy's check.
import type { Field, FormModel } from '../core/form-model.js';

export interface RequestedSchema {
  readonly type: 'object';
  readonly properties: Record<string, Record<string, unknown>>;
  readonly required?: string[];
  readonly minProperties?: number;
  readonly maxProperties?: number;
  readonly dependentRequired?: Record<string, string[]>;
}

export function modelToSchema(model: FormModel): RequestedSchema {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const field of model.fields) properties[field.name] = fieldSchema(field);
  const required = model.fields.filter((f) => f.required).map((f) => f.name);
  const dependent = model.dependentRequired ?? [];
  return {
    type: 'object',
    properties,
    ...(required.length > 0 && { required }),
    ...pick(model, ['minProperties', 'maxProperties']),
    ...(dependent.length > 0 && {
      dependentRequired: Object.fromEntries(dependent.map((d) => [d.property, [...d.requires]])),
    }),
  };
}

function fieldSchema(field: Field): Record<string, unknown> {
  const base: Record<string, unknown> = {
    ...(field.label !== field.name && { title: field.label }),
    ...(field.description !== undefined && { description: field.description }),
    // A secret (writeOnly or format "password") must be masked by the host too.
    ...(field.secret && { writeOnly: true }),
  };
  switch (field.kind) {
    case 'text':
      return {
        type: 'string',
        ...base,
        ...pick(field, ['minLength', 'maxLength', 'format', 'pattern', 'default']),
      };
    case 'number':
      return {
        type: field.integer ? 'integer' : 'number',
        ...base,
        ...pick(field, [
          'minimum',
          'maximum',
          'exclusiveMinimum',
          'exclusiveMaximum',
          'multipleOf',
          'default',
        ]),
      };
    case 'boolean':
      return { type: 'boolean', ...base, ...pick(field, ['const', 'default']) };
    case 'single-select': {
      const values = field.options.map((o) => o.value);
      const choice =
        field.variant === 'titled'
          ? { oneOf: field.options.map((o) => ({ const: o.value, title: o.label })) }
          : field.variant === 'legacy'
            ? { enum: values, enumNames: field.options.map((o) => o.label) }
            : { enum: values };
      return { type: 'string', ...base, ...choice, ...pick(field, ['default']) };
    }
    case 'multi-select': {
      const items =
        field.variant === 'titled'
          ? { anyOf: field.options.map((o) => ({ const: o.value, title: o.label })) }
          : { type: 'string', enum: field.options.map((o) => o.value) };
      // An answer never repeats a choice (the engine refuses one that does).
      return {
        type: 'array',
        ...base,
        items,
        uniqueItems: true,
        ...pick(field, ['minItems', 'maxItems', 'default']),
      };
    }
  }
}

function pick<T extends object>(source: T, keys: readonly (keyof T)[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (source[key] !== undefined) out[key as string] = source[key];
  return out;
}
