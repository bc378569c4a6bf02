// Hand-built form models and a small stand-in for the engine's checker, so the front-end tests
// exercise the front-ends alone. The stand-in covers what these tests need: required, type,
// integer, minimum/maximum, minLength, option membership, minItems, unknown fields.

import type { FormPrompt, PromptContext } from '../../../src/contracts/renderer.js';
import type { ServerIdentity } from '../../../src/contracts/server-identity.js';
import { initialDraft } from '../../../src/core/defaults.js';
import type { Draft, Field, FieldValue, FormContent, FormModel } from '../../../src/core/form-model.js';
import type { FieldIssue, Validation } from '../../../src/core/issues.js';
import { parseRequestedSchema } from '../../../src/core/schema-parser.js';
import { validateContent } from '../../../src/core/validate.js';

export const nameField: Field = { kind: 'text', name: 'name', label: 'Name', required: true, minLength: 2 };
export const ageField: Field = {
  kind: 'number',
  name: 'age',
  label: 'Age',
  required: false,
  integer: true,
  minimum: 0,
  maximum: 120,
  default: 30,
};
export const subscribeField: Field = {
  kind: 'boolean',
  name: 'subscribe',
  label: 'Subscribe',
  required: false,
};
export const colourField: Field = {
  kind: 'single-select',
  name: 'colour',
  label: 'Colour',
  required: false,
  variant: 'titled',
  options: [
    { value: 'r', label: 'Red' },
    { value: 'g', label: 'Green' },
  ],
};
export const toppingsField: Field = {
  kind: 'multi-select',
  name: 'toppings',
  label: 'Toppings',
  required: false,
  variant: 'untitled',
  minItems: 1,
  options: [
    { value: 'ham', label: 'ham' },
    { value: 'egg', label: 'egg' },
    { value: 'olive', label: 'olive' },
  ],
};
export const dateField: Field = {
  kind: 'text',
  name: 'when',
  label: 'Date',
  required: false,
  format: 'date',
};

export function model(fields: readonly Field[], satisfiable = true): FormModel {
  return { fields, notes: [], satisfiable };
}

function defaultsOf(form: FormModel): Draft {
  const draft: Draft = {};
  for (const field of form.fields) {
    if (field.default !== undefined) draft[field.name] = field.default as FieldValue;
  }
  return draft;
}

function issuesFor(field: Field, value: FieldValue | undefined): FieldIssue[] {
  const at = { field: field.name };
  if (value === undefined)
    return field.required ? [{ ...at, code: 'required', message: `${field.label} is required.` }] : [];
  switch (field.kind) {
    case 'text':
      if (typeof value !== 'string')
        return [{ ...at, code: 'type', message: `${field.label} must be text.` }];
      if (field.minLength !== undefined && [...value].length < field.minLength) {
        return [
          {
            ...at,
            code: 'min-length',
            message: `${field.label} must be at least ${field.minLength} characters.`,
          },
        ];
      }
      return [];
    case 'number':
      if (typeof value !== 'number')
        return [{ ...at, code: 'type', message: `${field.label} must be a number.` }];
      if (field.maximum !== undefined && value > field.maximum) {
        return [{ ...at, code: 'maximum', message: `${field.label} must be at most ${field.maximum}.` }];
      }
      if (field.minimum !== undefined && value < field.minimum) {
        return [{ ...at, code: 'minimum', message: `${field.label} must be at least ${field.minimum}.` }];
      }
      return [];
    case 'boolean':
      return typeof value === 'boolean'
        ? []
        : [{ ...at, code: 'type', message: `${field.label} must be yes or no.` }];
    case 'single-select':
      return field.options.some((option) => option.value === value)
        ? []
        : [{ ...at, code: 'not-an-option', message: `${field.label} must be one of the options.` }];
    case 'multi-select':
      if (!Array.isArray(value)) return [{ ...at, code: 'type', message: `${field.label} must be a list.` }];
      if (field.minItems !== undefined && value.length < field.minItems) {
        return [
          { ...at, code: 'min-items', message: `${field.label} needs at least ${field.minItems} choices.` },
        ];
      }
      return [];
  }
}

export function validateWith(form: FormModel): (draft: Draft) => Validation<FormContent, FieldIssue> {
  return (draft) => {
    const issues: FieldIssue[] = [];
    for (const name of Object.keys(draft)) {
      if (!form.fields.some((field) => field.name === name)) {
        issues.push({ field: name, code: 'unknown-field', message: `${name} is not part of this form.` });
      }
    }
    for (const field of form.fields) issues.push(...issuesFor(field, draft[field.name]));
    if (!form.satisfiable)
      issues.push({ code: 'unsatisfiable', message: 'This form can never be completed.' });
    return issues.length > 0 ? { ok: false, issues } : { ok: true, value: { ...draft } };
  };
}

export function formPrompt(
  form: FormModel,
  message = 'Please fill in the form',
  extra: Partial<FormPrompt> = {},
): FormPrompt {
  const initial = defaultsOf(form);
  return {
    kind: 'form',
    message,
    model: form,
    initial,
    defaulted: new Set(Object.keys(initial)),
    restored: false,
    validate: validateWith(form),
    ...extra,
  };
}

export const server: ServerIdentity = { label: 'weather', selfName: 'weather-server', selfVersion: '1.2.0' };

export function context(extra: Partial<PromptContext> = {}): PromptContext {
  return {
    server,
    request: { method: 'tools/call', name: 'get_forecast' },
    era: '2025-11-25',
    signal: new AbortController().signal,
    waiting: 0,
    ...extra,
  };
}

/** A prompt built by the real engine (schema parser, defaults, checker), as the adapter builds it. */
export function enginePrompt(schema: unknown, message = 'Please fill in the form'): FormPrompt {
  const parsed = parseRequestedSchema(schema);
  if (!parsed.ok) throw new Error(parsed.issues.map((issue) => issue.message).join('; '));
  const form = parsed.value;
  const { draft, defaulted } = initialDraft(form);
  return {
    kind: 'form',
    message,
    model: form,
    initial: draft,
    defaulted,
    restored: false,
    validate: (current) => validateContent(form, current),
  };
}

export const profileSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name', minLength: 2 },
    age: { type: 'integer', title: 'Age', minimum: 0, maximum: 120, default: 30 },
    colour: {
      type: 'string',
      title: 'Colour',
      oneOf: [
        { const: 'r', title: 'Red' },
        { const: 'g', title: 'Green' },
      ],
    },
    tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1 },
    when: { type: 'string', title: 'Date', format: 'date' },
  },
  required: ['name'],
};
