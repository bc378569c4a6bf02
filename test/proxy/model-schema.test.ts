// The schema a host is shown (modelToSchema) carries every rule the engine enforces: the test walks
// the engine's keyword table (core/schema/keywords.ts) and, for each keyword, an answer the server's
// schema refuses must be refused by the host's schema too (a 2020-12 validator, Ajv), so a host
// can show the rule instead of the proxy refusing the person's answer afterwards.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ENFORCED_KEYWORDS, KEPT_ANNOTATIONS } from '../../src/core/schema/keywords.js';
import { parseRequestedSchema } from '../../src/core/schema-parser.js';
import { modelToSchema } from '../../src/proxy/model-schema.js';

const ajv = new Ajv2020.default({ strict: false, allErrors: false });
addFormats.default(ajv, { mode: 'full', formats: ['email', 'uri', 'date', 'date-time'] });

type Json = Record<string, unknown>;
interface Sample {
  /** The field `v` (or the whole schema, for form keywords). */
  readonly schema: Json;
  readonly good: Json;
  /** Refused by the server's schema: the host's schema must refuse it too. */
  readonly bad?: Json;
  /** For annotations: what the host's property `v` must carry. */
  readonly shows?: Json;
  /** Holds by construction, and why (checked: the bad answer, so cut, fits). */
  readonly byConstruction?: string;
}

const form = (v: Json, extra: Json = {}): Json => ({ type: 'object', properties: { v }, ...extra });
const pair = { a: { type: 'string' }, b: { type: 'string' } };
const options = ['red', 'green', 'blue'];
const titled = options.map((o) => ({ const: o, title: o.toUpperCase() }));

const SAMPLES: Record<string, Record<string, Sample>> = {
  form: {
    properties: { schema: form({ type: 'number' }), good: { v: 1 }, bad: { v: 'x' } },
    required: { schema: form({ type: 'string' }, { required: ['v'] }), good: { v: 'x' }, bad: {} },
    additionalProperties: {
      schema: form({ type: 'string' }, { additionalProperties: false }),
      good: { v: 'x' },
      bad: { v: 'x', extra: 1 },
      byConstruction: 'keys the schema does not name are dropped from a host answer (host-renderer.ts)',
    },
    unevaluatedProperties: {
      schema: form({ type: 'string' }, { unevaluatedProperties: false }),
      good: { v: 'x' },
      bad: { v: 'x', extra: 1 },
      byConstruction: 'keys the schema does not name are dropped from a host answer (host-renderer.ts)',
    },
    minProperties: {
      schema: { type: 'object', properties: pair, minProperties: 2 },
      good: { a: 'x', b: 'y' },
      bad: { a: 'x' },
    },
    maxProperties: {
      schema: { type: 'object', properties: pair, maxProperties: 1 },
      good: { a: 'x' },
      bad: { a: 'x', b: 'y' },
    },
    dependentRequired: {
      schema: { type: 'object', properties: pair, dependentRequired: { a: ['b'] } },
      good: { a: 'x', b: 'y' },
      bad: { a: 'x' },
    },
    dependencies: {
      schema: { type: 'object', properties: pair, dependencies: { a: ['b'] } },
      good: { a: 'x', b: 'y' },
      bad: { a: 'x' },
    },
  },
  text: {
    minLength: { schema: form({ type: 'string', minLength: 3 }), good: { v: 'abc' }, bad: { v: 'ab' } },
    maxLength: { schema: form({ type: 'string', maxLength: 2 }), good: { v: 'ab' }, bad: { v: 'abc' } },
    format: { schema: form({ type: 'string', format: 'email' }), good: { v: 'a@b.co' }, bad: { v: 'nope' } },
    pattern: { schema: form({ type: 'string', pattern: '^a+$' }), good: { v: 'aa' }, bad: { v: 'ab' } },
  },
  number: {
    minimum: { schema: form({ type: 'number', minimum: 2 }), good: { v: 2 }, bad: { v: 1 } },
    maximum: { schema: form({ type: 'number', maximum: 2 }), good: { v: 2 }, bad: { v: 3 } },
    exclusiveMinimum: {
      schema: form({ type: 'number', exclusiveMinimum: 2 }),
      good: { v: 3 },
      bad: { v: 2 },
    },
    exclusiveMaximum: {
      schema: form({ type: 'number', exclusiveMaximum: 2 }),
      good: { v: 1 },
      bad: { v: 2 },
    },
    multipleOf: { schema: form({ type: 'number', multipleOf: 5 }), good: { v: 10 }, bad: { v: 7 } },
    const: { schema: form({ type: 'integer', const: 4 }), good: { v: 4 }, bad: { v: 5 } },
  },
  boolean: {
    const: { schema: form({ type: 'boolean', const: true }), good: { v: true }, bad: { v: false } },
  },
  singleSelect: {
    minLength: {
      schema: form({ type: 'string', enum: options, minLength: 4 }),
      good: { v: 'blue' },
      bad: { v: 'red' },
    },
    maxLength: {
      schema: form({ type: 'string', enum: options, maxLength: 4 }),
      good: { v: 'red' },
      bad: { v: 'green' },
    },
    format: {
      schema: form({ type: 'string', enum: ['a@b.co', 'nope'], format: 'email' }),
      good: { v: 'a@b.co' },
      bad: { v: 'nope' },
    },
    pattern: {
      schema: form({ type: 'string', enum: options, pattern: '^b' }),
      good: { v: 'blue' },
      bad: { v: 'red' },
    },
    oneOf: { schema: form({ type: 'string', oneOf: titled }), good: { v: 'red' }, bad: { v: 'pink' } },
    enum: { schema: form({ type: 'string', enum: options }), good: { v: 'red' }, bad: { v: 'pink' } },
    const: { schema: form({ type: 'string', const: 'red' }), good: { v: 'red' }, bad: { v: 'blue' } },
    enumNames: {
      schema: form({ type: 'string', enum: options, enumNames: ['Red', 'Green', 'Blue'] }),
      good: { v: 'red' },
      shows: { enumNames: ['Red', 'Green', 'Blue'] },
    },
  },
  optionEntry: {
    const: { schema: form({ type: 'string', oneOf: titled }), good: { v: 'green' }, bad: { v: 'GREEN' } },
  },
  multiSelect: {
    items: {
      schema: form({ type: 'array', items: { type: 'string', enum: options } }),
      good: { v: ['red'] },
      bad: { v: ['pink'] },
    },
    minItems: {
      schema: form({ type: 'array', items: { type: 'string', enum: options }, minItems: 2 }),
      good: { v: ['red', 'blue'] },
      bad: { v: ['red'] },
    },
    maxItems: {
      schema: form({ type: 'array', items: { type: 'string', enum: options }, maxItems: 1 }),
      good: { v: ['red'] },
      bad: { v: ['red', 'blue'] },
    },
    uniqueItems: {
      schema: form({ type: 'array', items: { type: 'string', enum: options }, uniqueItems: true }),
      good: { v: ['red'] },
      bad: { v: ['red', 'red'] },
    },
  },
  multiSelectItems: {
    minLength: {
      schema: form({ type: 'array', items: { type: 'string', enum: options, minLength: 4 } }),
      good: { v: ['blue'] },
      bad: { v: ['red'] },
    },
    maxLength: {
      schema: form({ type: 'array', items: { type: 'string', enum: options, maxLength: 4 } }),
      good: { v: ['red'] },
      bad: { v: ['green'] },
    },
    format: {
      schema: form({ type: 'array', items: { type: 'string', enum: ['a@b.co', 'nope'], format: 'email' } }),
      good: { v: ['a@b.co'] },
      bad: { v: ['nope'] },
    },
    pattern: {
      schema: form({ type: 'array', items: { type: 'string', enum: options, pattern: '^b' } }),
      good: { v: ['blue'] },
      bad: { v: ['red'] },
    },
    anyOf: {
      schema: form({ type: 'array', items: { anyOf: titled } }),
      good: { v: ['red'] },
      bad: { v: ['pink'] },
    },
    enum: {
      schema: form({ type: 'array', items: { type: 'string', enum: options } }),
      good: { v: ['red'] },
      bad: { v: ['pink'] },
    },
    const: {
      schema: form({ type: 'array', items: { type: 'string', enum: options, const: 'red' } }),
      good: { v: ['red'] },
      bad: { v: ['blue'] },
    },
  },
  annotations: {
    title: { schema: form({ type: 'string', title: 'Name' }), good: { v: 'x' }, shows: { title: 'Name' } },
    description: {
      schema: form({ type: 'string', description: 'Yours' }),
      good: { v: 'x' },
      shows: { description: 'Yours' },
    },
    default: {
      schema: form({ type: 'string', default: 'Ada' }),
      good: { v: 'x' },
      shows: { default: 'Ada' },
    },
    writeOnly: {
      schema: form({ type: 'string', writeOnly: true }),
      good: { v: 'x' },
      shows: { writeOnly: true },
    },
  },
};

const TABLE: Record<string, readonly string[]> = { ...ENFORCED_KEYWORDS, annotations: KEPT_ANNOTATIONS };

function hostSchema(schema: Json): Json {
  const parsed = parseRequestedSchema(schema);
  assert.ok(
    parsed.ok,
    `the engine accepts ${JSON.stringify(schema)}: ${JSON.stringify(!parsed.ok && parsed.issues)}`,
  );
  return modelToSchema(parsed.value) as unknown as Json;
}

describe('modelToSchema: every keyword the engine enforces reaches the host', () => {
  it('every keyword of the engine table has a sample here, and every sample is in the table', () => {
    for (const [where, keywords] of Object.entries(TABLE)) {
      assert.deepEqual(Object.keys(SAMPLES[where] ?? {}).sort(), [...keywords].sort(), where);
    }
    assert.deepEqual(Object.keys(SAMPLES).sort(), Object.keys(TABLE).sort());
  });

  for (const [where, samples] of Object.entries(SAMPLES)) {
    for (const [keyword, sample] of Object.entries(samples)) {
      it(`${where}: ${keyword}`, () => {
        const host = hostSchema(sample.schema);
        const server = ajv.compile(sample.schema);
        const shown = ajv.compile(host);
        assert.ok(server(sample.good), 'the good answer fits the server schema');
        assert.ok(shown(sample.good), `the good answer fits the host schema ${JSON.stringify(host)}`);
        if (sample.shows) {
          const property = (host.properties as Record<string, Json>).v ?? {};
          for (const [key, value] of Object.entries(sample.shows))
            assert.deepEqual(property[key], value, key);
        }
        if (!sample.bad) return;
        assert.equal(server(sample.bad), false, 'the bad answer breaks the server schema');
        if (sample.byConstruction) {
          const named = new Set(Object.keys(host.properties as Json));
          const cut = Object.fromEntries(Object.entries(sample.bad).filter(([k]) => named.has(k)));
          assert.ok(server(cut), sample.byConstruction);
          return;
        }
        assert.equal(
          shown(sample.bad),
          false,
          `the host schema ${JSON.stringify(host)} refuses ${JSON.stringify(sample.bad)}`,
        );
      });
    }
  }
});
