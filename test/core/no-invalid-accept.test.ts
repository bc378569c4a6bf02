// "Accepted content is always valid against the schema", proven against a standard JSON Schema
// 2020-12 validator (Ajv with the four elicitation formats, as the server SDKs use it): for generated
// schemas and answers, whatever validateContent (or the defaults) would send, Ajv accepts.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { initialDraft } from '../../src/core/defaults.js';
import type { Draft, Field, FieldValue } from '../../src/core/form-model.js';
import { parseRequestedSchema } from '../../src/core/schema-parser.js';
import { validateContent } from '../../src/core/validate.js';
import { FUZZ_RUNS } from './fuzz-runs.js';

// strict: false — unknown keywords and formats are annotations in 2020-12, as the parser treats them.
const ajv = new Ajv2020.default({ strict: false, allErrors: false });
addFormats.default(ajv, { mode: 'full', formats: ['email', 'uri', 'date', 'date-time'] });

const CHARS = [
  'a',
  'b',
  'A',
  '1',
  ' ',
  '\u00a0',
  '\u2028',
  '\r',
  '\n',
  '\t',
  '\v',
  '\ufeff',
  '@',
  '.',
  'é',
  '😀',
  '\u3000',
  '_',
  '-',
];
const SAMPLES = [
  'a@b.co',
  '2024-02-29',
  '2023-02-29',
  '2024-01-01T00:00:00Z',
  'https://x.y/',
  'not a uri',
  'a',
  'bb',
  '',
];
const text = fc.oneof(
  fc.array(fc.constantFrom(...CHARS), { maxLength: 6 }).map((c) => c.join('')),
  fc.constantFrom(...SAMPLES),
);
const NUMBERS = [-1, 0, 0.1, 0.3, 0.5, 1, 1.5, 2, 2.5, 3, 10, 1e21, -0, 7];
const number = fc.oneof(
  fc.constantFrom(...NUMBERS),
  fc.integer({ min: -5, max: 12 }),
  fc.double({ noNaN: true, min: -20, max: 20 }),
);
const PATTERNS = [
  '^\\S+$',
  '^[a-z]+$',
  '.',
  '\\s',
  '^\\w*$',
  '\\bb',
  '^.{2,4}$',
  '[^]',
  'a|b',
  '^\\d?$',
  '^[^\\s@]+@[^\\s@]+$',
  '(?=a)',
  '\\p{L}',
  '^(a+)+$',
];

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
const stringKeywords = fc.record(
  {
    minLength: fc.integer({ min: 0, max: 3 }),
    maxLength: fc.integer({ min: 0, max: 5 }),
    pattern: fc.constantFrom(...PATTERNS),
    format: fc.constantFrom('email', 'uri', 'date', 'date-time', 'hostname'),
  },
  { requiredKeys: [] },
);
const OPTION_VALUES = ['a', 'b', 'bb', 'A', 'a b', 'é', ''];
const options = fc.array(fc.constantFrom(...OPTION_VALUES), { minLength: 0, maxLength: 4 });
const entries = fc.array(
  fc.record(
    {
      const: fc.constantFrom(...OPTION_VALUES),
      title: fc.constantFrom('A', 'B'),
      maxLength: fc.constantFrom(0, 1),
      type: fc.constant('string'),
    },
    { requiredKeys: ['const'] },
  ),
  { maxLength: 4 },
);
// Keywords a hostile or careless server adds anywhere; each must be enforced or refused.
const anyExtras = fc.record(
  {
    not: fc.constant({ const: 'a' }),
    allOf: fc.constant([{ maxLength: 1 }]),
    const: fc.oneof(fc.constantFrom(...OPTION_VALUES), number, fc.boolean()),
    enum: fc.array(fc.constantFrom(...OPTION_VALUES), { maxLength: 3 }),
    exclusiveMinimum: number,
    multipleOf: fc.constantFrom(0.5, 1, 2, 0.1, 3),
    propertyNames: fc.constant({ maxLength: 1 }),
    uniqueItems: fc.boolean(),
    contains: fc.constant({ const: 'a' }),
    'x-vendor': fc.constant(true),
  },
  { requiredKeys: [] },
);
const extras = fc.oneof({ weight: 5, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: anyExtras });

const property = fc.oneof(
  fc
    .tuple(stringKeywords, maybe(text), extras)
    .map(([k, d, x]) => ({ type: 'string', ...k, ...(d !== undefined && { default: d }), ...x })),
  fc
    .record(
      {
        type: fc.constantFrom('number', 'integer'),
        minimum: number,
        maximum: number,
        exclusiveMinimum: number,
        exclusiveMaximum: number,
        multipleOf: fc.constantFrom(0.5, 1, 2, 0.1, 3),
        const: number,
        default: number,
      },
      { requiredKeys: ['type'] },
    )
    .chain((p) => extras.map((x) => ({ ...x, ...p }))),
  fc.record(
    { type: fc.constant('boolean'), const: fc.boolean(), default: fc.boolean() },
    { requiredKeys: ['type'] },
  ),
  fc.tuple(options, stringKeywords, maybe(fc.constantFrom(...OPTION_VALUES)), extras).map(([e, k, d, x]) => ({
    ...x,
    type: 'string',
    enum: e,
    ...k,
    ...(d !== undefined && { default: d }),
  })),
  fc
    .tuple(entries, stringKeywords, maybe(options), maybe(fc.constantFrom(...OPTION_VALUES)))
    .map(([o, k, e, d]) => ({
      type: 'string',
      oneOf: o,
      ...k,
      ...(e !== undefined && { enum: e }),
      ...(d !== undefined && { default: d }),
    })),
  fc
    .tuple(
      fc.boolean(),
      options,
      entries,
      stringKeywords,
      extras,
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 0, max: 4 }),
    )
    .map(([titled, e, a, k, x, min, max]) => ({
      type: 'array',
      items: { type: 'string', ...(titled ? { anyOf: a } : { enum: e }), ...k, ...x },
      minItems: min,
      maxItems: max,
      default: e.slice(0, 2),
    })),
);

const NAMES = ['p', 'q', 'r', 'a'];
const schema = fc
  .tuple(
    fc.array(property, { minLength: 0, maxLength: 3 }),
    fc.oneof(
      { weight: 9, arbitrary: fc.subarray(NAMES) },
      { weight: 1, arbitrary: fc.constant(['p', 'ghost']) },
    ),
    fc
      .record(
        {
          minProperties: fc.integer({ min: 0, max: 3 }),
          maxProperties: fc.integer({ min: 0, max: 3 }),
          dependentRequired: fc.constant({ p: ['q'] }),
          dependencies: fc.constant({ q: ['r'] }),
          propertyNames: fc.constant({ maxLength: 1 }),
          additionalProperties: fc.constant(false),
        },
        { requiredKeys: [] },
      )
      .map((top) => (Object.keys(top).length > 2 ? {} : top)),
  )
  .map(([props, required, top]) => ({
    type: 'object',
    properties: Object.fromEntries(props.map((p, i) => [NAMES[i] as string, p])),
    required,
    ...top,
  }));

// An answer built from the form: its own options and defaults, or anything at all.
function answer(
  field: Field,
  pick: number,
  free: { text: string; number: number; flag: boolean },
): FieldValue | undefined {
  switch (field.kind) {
    case 'text':
      return pick % 3 === 0 ? field.default : free.text;
    case 'number':
      return pick % 3 === 0 ? field.default : free.number;
    case 'boolean':
      return free.flag;
    case 'single-select':
      return field.options[pick % Math.max(1, field.options.length)]?.value ?? free.text;
    case 'multi-select':
      return field.options.filter((_, i) => (pick >> i) & 1).map((o) => o.value);
  }
}

const freeValues = fc.record({ text, number, flag: fc.boolean() });

describe('no invalid accept: the engine never sends what a JSON Schema 2020-12 validator rejects (issue 12 items 3-5)', () => {
  it('content that validateContent accepts (answers or defaults) always passes Ajv', () => {
    fc.assert(
      fc.property(
        schema,
        fc.array(fc.tuple(fc.nat(63), fc.boolean(), freeValues), { minLength: 4, maxLength: 4 }),
        (requested, picks) => {
          let check: ReturnType<typeof ajv.compile>;
          try {
            check = ajv.compile(requested);
          } catch {
            return; // not a valid schema for the reference either
          }
          const parsed = parseRequestedSchema(requested);
          if (!parsed.ok) return; // refused with -32602: nothing is ever accepted
          const model = parsed.value;
          const drafts: Draft[] = [initialDraft(model).draft];
          const draft: Draft = {};
          model.fields.forEach((field, i) => {
            const [pick, present, free] = picks[i] ?? [0, false, { text: '', number: 0, flag: false }];
            const value = answer(field, pick, free);
            if (present && value !== undefined) draft[field.name] = value;
          });
          drafts.push(draft);
          for (const candidate of drafts) {
            const result = validateContent(model, candidate);
            if (!result.ok) continue;
            assert.ok(
              check(result.value),
              `accepted ${JSON.stringify(result.value)} for ${JSON.stringify(requested)}: ${ajv.errorsText(check.errors)}`,
            );
          }
        },
      ),
      { numRuns: FUZZ_RUNS * 4 },
    );
  });
});
