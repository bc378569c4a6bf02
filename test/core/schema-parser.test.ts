import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Field, FormModel } from '../../src/core/form-model.js';
import type { SchemaIssue } from '../../src/core/issues.js';
import { parseFormParams, parseRequestedSchema, SCHEMA_LIMITS } from '../../src/core/schema-parser.js';

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../fixtures/schemas/${name}`, import.meta.url), 'utf8'));
}

function schemaOf(properties: Record<string, unknown>, extra: Record<string, unknown> = {}): unknown {
  return { type: 'object', properties, ...extra };
}

function model(schema: unknown): FormModel {
  const parsed = parseRequestedSchema(schema);
  if (!parsed.ok)
    assert.fail(`expected a model, got issues: ${parsed.issues.map((i) => i.message).join(' | ')}`);
  return parsed.value;
}

function issues(schema: unknown): readonly SchemaIssue[] {
  const parsed = parseRequestedSchema(schema);
  if (parsed.ok) assert.fail('expected the schema to be rejected');
  return parsed.issues;
}

function field(m: FormModel, name: string): Field {
  const found = m.fields.find((f) => f.name === name);
  assert.ok(found, `field ${name} exists`);
  return found;
}

function one(schema: unknown): SchemaIssue {
  const list = issues(schema);
  assert.equal(list.length, 1, list.map((i) => i.message).join(' | '));
  return list[0] as SchemaIssue;
}

describe('parseRequestedSchema: every variant of spec 2025 §2.3', () => {
  it('turns a string property with length bounds and title/description into a text field', () => {
    const m = model(
      schemaOf(
        {
          name: {
            type: 'string',
            title: 'Full name',
            description: 'As on your passport',
            minLength: 2,
            maxLength: 40,
          },
        },
        { required: ['name'] },
      ),
    );
    assert.deepEqual(m.fields, [
      {
        name: 'name',
        label: 'Full name',
        description: 'As on your passport',
        required: true,
        kind: 'text',
        minLength: 2,
        maxLength: 40,
      },
    ]);
    assert.equal(m.satisfiable, true);
  });

  for (const format of ['email', 'uri', 'date', 'date-time'] as const) {
    it(`keeps string format "${format}"`, () => {
      const f = field(model(schemaOf({ v: { type: 'string', format } })), 'v');
      assert.equal(f.kind === 'text' && f.format, format);
    });
  }

  it('turns number and integer properties into number fields with inclusive bounds kept', () => {
    const m = model(
      schemaOf({
        n: { type: 'number', minimum: 0.5, maximum: 9.5 },
        i: { type: 'integer', minimum: -3, maximum: 3 },
      }),
    );
    assert.deepEqual(field(m, 'n'), {
      name: 'n',
      label: 'n',
      required: false,
      kind: 'number',
      integer: false,
      minimum: 0.5,
      maximum: 9.5,
    });
    assert.deepEqual(field(m, 'i'), {
      name: 'i',
      label: 'i',
      required: false,
      kind: 'number',
      integer: true,
      minimum: -3,
      maximum: 3,
    });
  });

  it('turns a boolean property into a boolean field with its default', () => {
    assert.deepEqual(field(model(schemaOf({ ok: { type: 'boolean', default: false } })), 'ok'), {
      name: 'ok',
      label: 'ok',
      required: false,
      kind: 'boolean',
      default: false,
    });
  });

  it('turns an untitled enum into a single-select whose labels are the raw values', () => {
    const f = field(model(schemaOf({ c: { type: 'string', enum: ['red', 'green'] } })), 'c');
    assert.deepEqual(f, {
      name: 'c',
      label: 'c',
      required: false,
      kind: 'single-select',
      variant: 'untitled',
      options: [
        { value: 'red', label: 'red' },
        { value: 'green', label: 'green' },
      ],
    });
  });

  it('turns oneOf const/title into a titled single-select that sends the const, not the title', () => {
    const f = field(
      model(
        schemaOf({
          c: {
            type: 'string',
            oneOf: [
              { const: '#F00', title: 'Red' },
              { const: '#0F0', title: 'Green' },
            ],
            default: '#0F0',
          },
        }),
      ),
      'c',
    );
    assert.equal(f.kind, 'single-select');
    assert.ok(f.kind === 'single-select');
    assert.equal(f.variant, 'titled');
    assert.deepEqual(f.options, [
      { value: '#F00', label: 'Red' },
      { value: '#0F0', label: 'Green' },
    ]);
    assert.equal(f.default, '#0F0');
  });

  it('turns legacy enum + enumNames into a legacy single-select labelled by enumNames', () => {
    const f = field(
      model(schemaOf({ p: { type: 'string', enum: ['pet-1', 'pet-2'], enumNames: ['Cats', 'Dogs'] } })),
      'p',
    );
    assert.ok(f.kind === 'single-select');
    assert.equal(f.variant, 'legacy');
    assert.deepEqual(f.options, [
      { value: 'pet-1', label: 'Cats' },
      { value: 'pet-2', label: 'Dogs' },
    ]);
  });

  it('turns items.enum into an untitled multi-select with minItems/maxItems', () => {
    const f = field(
      model(
        schemaOf({
          m: {
            type: 'array',
            minItems: 1,
            maxItems: 2,
            items: { type: 'string', enum: ['a', 'b', 'c'] },
            default: ['a'],
          },
        }),
      ),
      'm',
    );
    assert.deepEqual(f, {
      name: 'm',
      label: 'm',
      required: false,
      kind: 'multi-select',
      variant: 'untitled',
      options: [
        { value: 'a', label: 'a' },
        { value: 'b', label: 'b' },
        { value: 'c', label: 'c' },
      ],
      minItems: 1,
      maxItems: 2,
      default: ['a'],
    });
  });

  it('turns items.anyOf const/title into a titled multi-select', () => {
    const f = field(
      model(schemaOf({ m: { type: 'array', items: { anyOf: [{ const: 'f1', title: 'Tuna' }] } } })),
      'm',
    );
    assert.ok(f.kind === 'multi-select');
    assert.equal(f.variant, 'titled');
    assert.deepEqual(f.options, [{ value: 'f1', label: 'Tuna' }]);
  });

  it('uses the property name as label when title is absent or blank, and keeps raw title text', () => {
    const m = model(
      schemaOf({
        a: { type: 'string', title: '  ' },
        b: { type: 'string', title: '\u001b[31mRed\u001b[0m' },
      }),
    );
    assert.equal(field(m, 'a').label, 'a');
    // Raw server strings are kept; front-ends sanitize for display (house style 7).
    assert.equal(field(m, 'b').label, '\u001b[31mRed\u001b[0m');
  });

  it('marks exactly the fields listed in "required" as required and keeps property order', () => {
    const m = model(
      schemaOf({ z: { type: 'string' }, a: { type: 'boolean' }, m: { type: 'number' } }, { required: ['a'] }),
    );
    assert.deepEqual(
      m.fields.map((f) => [f.name, f.required]),
      [
        ['z', false],
        ['a', true],
        ['m', false],
      ],
    );
  });

  it('parses the 13-field form of server-everything trigger-elicitation-request with every variant', () => {
    const params = fixture('server-everything-13-fields.json');
    const parsed = parseFormParams(params);
    assert.ok(parsed.ok);
    const m = parsed.value.model;
    assert.equal(parsed.value.message, 'Please provide inputs for the following fields:');
    assert.equal(m.fields.length, 13);
    assert.equal(m.satisfiable, true);
    assert.deepEqual(m.notes, []);
    const kinds = Object.fromEntries(
      m.fields.map((f) => [
        f.name,
        f.kind === 'single-select' || f.kind === 'multi-select' ? `${f.kind}/${f.variant}` : f.kind,
      ]),
    );
    assert.deepEqual(kinds, {
      name: 'text',
      check: 'boolean',
      firstLine: 'text',
      email: 'text',
      homepage: 'text',
      birthdate: 'text',
      integer: 'number',
      number: 'number',
      untitledSingleSelectEnum: 'single-select/untitled',
      untitledMultipleSelectEnum: 'multi-select/untitled',
      titledSingleSelectEnum: 'single-select/titled',
      titledMultipleSelectEnum: 'multi-select/titled',
      legacyTitledEnum: 'single-select/legacy',
    });
    assert.deepEqual(
      m.fields.filter((f) => f.required).map((f) => f.name),
      ['name'],
    );
    assert.deepEqual(
      Object.fromEntries(m.fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default])),
      {
        firstLine: 'It was a dark and stormy night.',
        integer: 42,
        number: 3.14,
        untitledSingleSelectEnum: 'Monica',
        untitledMultipleSelectEnum: ['Guitar'],
        titledSingleSelectEnum: 'hero-1',
        titledMultipleSelectEnum: ['fish-1'],
        legacyTitledEnum: 'pet-1',
      },
    );
    const legacy = field(m, 'legacyTitledEnum');
    assert.ok(legacy.kind === 'single-select');
    assert.equal(legacy.options[1]?.label, 'Dogs');
  });

  it('parses the conformance SEP-1034 defaults form: five optional fields, each with its default', () => {
    const parsed = parseFormParams(fixture('conformance-sep1034.json'));
    assert.ok(parsed.ok);
    const m = parsed.value.model;
    assert.deepEqual(
      m.fields.map((f) => [f.name, f.kind, f.required, f.default]),
      [
        ['name', 'text', false, 'John Doe'],
        ['age', 'number', false, 30],
        ['score', 'number', false, 95.5],
        ['status', 'single-select', false, 'active'],
        ['verified', 'boolean', false, true],
      ],
    );
  });

  it('treats empty properties as a pure confirmation that is satisfiable (edge case 13)', () => {
    const m = model({ type: 'object', properties: {} });
    assert.deepEqual(m.fields, []);
    assert.equal(m.satisfiable, true);
    assert.ok(m.notes.some((n) => n.code === 'confirmation-only'));
  });

  it('keeps a property named "__proto__" as an ordinary field', () => {
    const m = model(
      JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}'),
    );
    assert.deepEqual(
      m.fields.map((f) => [f.name, f.required]),
      [['__proto__', true]],
    );
  });
});

describe('parseRequestedSchema: the $schema dialect (X-03, edge case 12)', () => {
  for (const dialect of [
    'https://json-schema.org/draft/2020-12/schema',
    'https://json-schema.org/draft/2020-12/schema#',
  ]) {
    it(`accepts ${dialect}`, () => {
      assert.equal(model({ $schema: dialect, type: 'object', properties: {} }).fields.length, 0);
    });
  }

  for (const dialect of [
    'http://json-schema.org/draft-07/schema#',
    'https://json-schema.org/draft/2019-09/schema',
    42,
  ]) {
    it(`refuses ${JSON.stringify(dialect)} gracefully with unsupported-dialect`, () => {
      const problem = one({ $schema: dialect, type: 'object', properties: {} });
      assert.equal(problem.code, 'unsupported-dialect');
      assert.match(problem.message, /2020-12/);
      assert.match(problem.message, /X-03/);
    });
  }
});

describe('parseRequestedSchema: rejections name the property and the rule (S-08, edge cases 8-9)', () => {
  it('refuses a schema that is not an object', () => {
    for (const bad of [null, 'object', [], 3]) {
      assert.equal(one(bad).code, 'not-an-object-schema');
    }
  });

  it('refuses type !== "object" and a missing type at the top (edge case 8)', () => {
    assert.equal(one({ type: 'array', properties: {} }).code, 'not-an-object-schema');
    assert.equal(one({ properties: {} }).code, 'not-an-object-schema');
  });

  it('refuses missing or non-object properties (edge case 8)', () => {
    assert.equal(one({ type: 'object' }).code, 'missing-properties');
    const problem = one({ type: 'object', properties: ['a'] });
    assert.equal(problem.code, 'missing-properties');
    assert.match(problem.message, /"properties" must be an object/);
  });

  it('refuses a nested object, naming the property (S-08)', () => {
    const problem = one(
      schemaOf({ address: { type: 'object', properties: { street: { type: 'string' } } } }),
    );
    assert.deepEqual(problem, {
      field: 'address',
      code: 'nested-object',
      message: 'property "address": nested objects are not allowed in an elicitation form (spec S-08)',
    });
  });

  const cases: Array<[string, unknown, string, RegExp]> = [
    [
      'an array of non-enum strings',
      { type: 'array', items: { type: 'string' } },
      'unsupported-array',
      /items\.enum/,
    ],
    [
      'an array of objects',
      { type: 'array', items: { type: 'object' } },
      'unsupported-array',
      /must be strings/,
    ],
    ['an array without items', { type: 'array' }, 'unsupported-array', /multi-select/],
    ['a $ref', { $ref: '#/$defs/x' }, 'ref-not-supported', /\$ref/],
    ['a $ref inside items', { type: 'array', items: { $ref: '#/$defs/x' } }, 'ref-not-supported', /items/],
    ['a missing type', { title: 'What' }, 'missing-type', /"type" is missing/],
    ['anyOf on a string', { type: 'string', anyOf: [{ const: 'a' }] }, 'composition-not-supported', /anyOf/],
    ['allOf without a type', { allOf: [{ type: 'string' }] }, 'composition-not-supported', /allOf/],
    ['oneOf on a number', { type: 'number', oneOf: [{ const: 1 }] }, 'composition-not-supported', /oneOf/],
    ['type null', { type: 'null' }, 'unsupported-type', /"null"/],
    ['a type union', { type: ['string', 'null'] }, 'unsupported-type', /an array/],
    ['a boolean schema', true, 'unsupported-type', /must be an object/],
    ['minLength -1', { type: 'string', minLength: -1 }, 'invalid-keyword', /minLength.*non-negative integer/],
    ['maxLength 2.5', { type: 'string', maxLength: 2.5 }, 'invalid-keyword', /maxLength/],
    ['minItems "1"', { type: 'array', minItems: '1', items: { enum: ['a'] } }, 'invalid-keyword', /minItems/],
    ['maximum "ten"', { type: 'number', maximum: 'ten' }, 'invalid-keyword', /maximum.*must be a number/],
    ['a non-string title', { type: 'string', title: 7 }, 'invalid-keyword', /"title" must be a string/],
    ['a non-string format', { type: 'string', format: 3 }, 'invalid-keyword', /"format" must be a string/],
    [
      'enum options that are not strings',
      { type: 'string', enum: ['a', 1] },
      'invalid-options',
      /must be a string/,
    ],
    [
      'items.enum options that are not strings',
      { type: 'array', items: { enum: [true] } },
      'invalid-options',
      /items\.enum/,
    ],
    [
      'oneOf entries without const',
      { type: 'string', oneOf: [{ title: 'A' }] },
      'invalid-options',
      /"const"/,
    ],
    [
      'items.anyOf entries with a numeric const',
      { type: 'array', items: { anyOf: [{ const: 1, title: 'One' }] } },
      'invalid-options',
      /"const"/,
    ],
    [
      'an option title that is not a string',
      { type: 'string', oneOf: [{ const: 'a', title: 1 }] },
      'invalid-options',
      /"title"/,
    ],
    ['enum on a number', { type: 'number', enum: [1, 2] }, 'invalid-options', /only on type "string"/],
    ['enum without a type', { enum: ['a', 'b'] }, 'invalid-options', /only on type "string"/],
    ['enum that is not an array', { type: 'string', enum: 'abc' }, 'invalid-options', /must be an array/],
  ];
  for (const [what, property, code, reason] of cases) {
    it(`refuses ${what} with ${code}, naming the property`, () => {
      const problem = one(schemaOf({ theField: property }));
      assert.equal(problem.code, code);
      assert.equal(problem.field, 'theField');
      assert.match(problem.message, /^property "theField": /);
      assert.match(problem.message, reason);
    });
  }

  it('refuses top-level $ref and composition on the form schema', () => {
    const list = issues({ type: 'object', properties: {}, $ref: '#/x', allOf: [] });
    assert.deepEqual(
      list.map((i) => i.code),
      ['ref-not-supported', 'composition-not-supported'],
    );
  });

  it('refuses a malformed "required"', () => {
    assert.equal(one(schemaOf({ a: { type: 'string' } }, { required: 'a' })).code, 'invalid-keyword');
  });

  it('reports ALL problems of a hostile schema, not just the first', () => {
    const list = issues(fixture('hostile-many-problems.json'));
    const byField = list.map((i) => [i.field ?? '(schema)', i.code]);
    assert.deepEqual(byField, [
      ['(schema)', 'unsupported-dialect'],
      ['address', 'nested-object'],
      ['tags', 'unsupported-array'],
      ['points', 'unsupported-array'],
      ['shared', 'ref-not-supported'],
      ['mystery', 'missing-type'],
      ['either', 'composition-not-supported'],
      ['both', 'composition-not-supported'],
      ['nothing', 'unsupported-type'],
      ['union', 'unsupported-type'],
      ['short', 'invalid-keyword'],
      ['ratio', 'invalid-keyword'],
      ['colour', 'invalid-options'],
      ['hero', 'invalid-options'],
      ['fish', 'invalid-options'],
    ]);
    for (const problem of list) {
      if (problem.field !== undefined)
        assert.ok(problem.message.startsWith(`property "${problem.field}": `), problem.message);
      assert.match(problem.message, /\(spec [^)]+\)/, `cites the rule: ${problem.message}`);
    }
  });

  it('quotes hostile property names inertly in issue messages', () => {
    const problem = one(schemaOf({ 'evil\u001b]8;;http://x\u0007name\u202e': { type: 'object' } }));
    for (const control of ['\u001b', '\u0007', '\u202e']) assert.ok(!problem.message.includes(control));
    assert.match(problem.message, /nested objects/);
  });
});

describe('parseRequestedSchema: bounds against hostile servers (too-large)', () => {
  it(`refuses more than ${SCHEMA_LIMITS.maxProperties} properties`, () => {
    const properties = Object.fromEntries(
      Array.from({ length: SCHEMA_LIMITS.maxProperties + 1 }, (_, i) => [`f${i}`, { type: 'string' }]),
    );
    assert.equal(one(schemaOf(properties)).code, 'too-large');
    const atLimit = Object.fromEntries(
      Array.from({ length: SCHEMA_LIMITS.maxProperties }, (_, i) => [`f${i}`, { type: 'string' }]),
    );
    assert.equal(model(schemaOf(atLimit)).fields.length, SCHEMA_LIMITS.maxProperties);
  });

  it(`refuses more than ${SCHEMA_LIMITS.maxOptions} options in enum, oneOf, items.enum and items.anyOf`, () => {
    const values = Array.from({ length: SCHEMA_LIMITS.maxOptions + 1 }, (_, i) => `o${i}`);
    const titled = values.map((v) => ({ const: v, title: v }));
    for (const property of [
      { type: 'string', enum: values },
      { type: 'string', oneOf: titled },
      { type: 'array', items: { type: 'string', enum: values } },
      { type: 'array', items: { anyOf: titled } },
    ]) {
      const problem = one(schemaOf({ big: property }));
      assert.equal(problem.code, 'too-large');
      assert.equal(problem.field, 'big');
    }
  });

  it('refuses strings over 64 KiB in titles, descriptions, options, defaults and patterns', () => {
    const huge = 'x'.repeat(SCHEMA_LIMITS.maxStringLength + 1);
    for (const property of [
      { type: 'string', title: huge },
      { type: 'string', description: huge },
      { type: 'string', enum: [huge] },
      { type: 'string', oneOf: [{ const: 'a', title: huge }] },
      { type: 'string', default: huge },
      { type: 'string', pattern: huge },
    ]) {
      assert.equal(one(schemaOf({ p: property })).code, 'too-large');
    }
  });

  it('parses a maximal legal schema quickly', () => {
    const values = Array.from({ length: SCHEMA_LIMITS.maxOptions }, (_, i) => `option-${i}`);
    const properties = Object.fromEntries(
      Array.from({ length: SCHEMA_LIMITS.maxProperties }, (_, i) => [
        `f${i}`,
        { type: 'string', enum: values, default: 'option-999' },
      ]),
    );
    const start = performance.now();
    assert.equal(model(schemaOf(properties)).fields.length, SCHEMA_LIMITS.maxProperties);
    assert.ok(performance.now() - start < 2000);
  });
});

describe('parseRequestedSchema: decisions on the open points', () => {
  const m = model(fixture('enum-edge-cases.json'));
  const notesFor = (name: string) => m.notes.filter((n) => n.field === name).map((n) => n.code);

  it('makes a form whose "required" names a missing property unsatisfiable, never answerable (edge case 10)', () => {
    // Ignoring the name would let an accept through that every JSON Schema validator rejects.
    const parsed = model({ ...fixture('enum-edge-cases.json'), required: ['duplicated', 'ghost'] });
    assert.ok(parsed.notes.some((n) => n.code === 'unsatisfiable-form' && n.message.includes('"ghost"')));
    assert.equal(parsed.satisfiable, false);
    assert.equal(field(parsed, 'duplicated').required, true);
  });

  it('collapses duplicate enum values to the first occurrence, with a note (edge case 14)', () => {
    const f = field(m, 'duplicated');
    assert.ok(f.kind === 'single-select');
    assert.deepEqual(
      f.options.map((o) => o.value),
      ['a', 'b', 'c'],
    );
    assert.deepEqual(notesFor('duplicated'), ['duplicate-option']);
  });

  it('falls back to raw values when enumNames does not match enum one-to-one (edge case 14)', () => {
    const f = field(m, 'mismatchedNames');
    assert.ok(f.kind === 'single-select');
    assert.equal(f.variant, 'legacy');
    assert.deepEqual(
      f.options.map((o) => o.label),
      ['pet-1', 'pet-2', 'pet-3'],
    );
    assert.equal(f.default, 'pet-2');
    assert.deepEqual(notesFor('mismatchedNames'), ['enum-names-mismatch']);
  });

  it('ignores a default outside the options, of the wrong type or out of range, with a note (edge case 14)', () => {
    for (const name of ['outsideDefault', 'wrongTypeDefault', 'outOfRangeDefault']) {
      assert.equal(field(m, name).default, undefined, name);
      assert.deepEqual(notesFor(name), ['default-ignored'], name);
    }
    assert.match(m.notes.find((n) => n.field === 'outOfRangeDefault')?.message ?? '', /at most 10/);
  });

  it('drops invalid members of a multi-select default and keeps the rest (edge case 14)', () => {
    assert.deepEqual(field(m, 'partialMultiDefault').default, ['Guitar', 'Drums']);
    assert.deepEqual(notesFor('partialMultiDefault'), ['default-members-dropped']);
  });

  it('keeps an optional field with an empty option list; it can only be left empty (edge case 14)', () => {
    const f = field(m, 'emptyOptional');
    assert.ok(f.kind === 'single-select');
    assert.deepEqual(f.options, []);
    assert.deepEqual(notesFor('emptyOptional'), ['unsatisfiable-field']);
    assert.equal(m.satisfiable, true);
  });

  it('shows the raw value for a oneOf option without a title, with a note', () => {
    const f = field(m, 'untitledOption');
    assert.ok(f.kind === 'single-select');
    assert.deepEqual(f.options, [
      { value: 'plain', label: 'plain' },
      { value: 'fancy', label: 'Fancy' },
    ]);
    assert.deepEqual(notesFor('untitledOption'), ['option-title-missing']);
  });

  it('tolerates unknown keywords with a note and keeps a compilable pattern (edge case 11)', () => {
    const f = field(m, 'withPattern');
    assert.ok(f.kind === 'text');
    assert.equal(f.pattern, '^[A-Za-z]+$');
    assert.deepEqual(notesFor('withPattern'), ['unknown-keyword']);
    assert.match(m.notes.find((n) => n.field === 'withPattern')?.message ?? '', /exclusiveMinimum/);
  });

  it('refuses, naming "pattern", a pattern it cannot enforce exactly in linear time (issue 12 item 5)', () => {
    for (const pattern of [
      '^(?=.*\\d).{8,}$',
      '(?<!a)b',
      '(a)\\1',
      'a{5000}',
      '[',
      '\\p{L}',
      'x'.repeat(2000),
    ]) {
      const list = issues(schemaOf({ p: { type: 'string', pattern } }));
      assert.deepEqual(
        list.map((i) => i.code),
        ['unsupported-keyword'],
        pattern,
      );
      assert.match(list[0]?.message ?? '', /"pattern"/);
    }
  });

  it('ignores an unknown string format with a note instead of refusing the form', () => {
    const parsed = model(schemaOf({ p: { type: 'string', format: 'hostname' } }));
    const f = field(parsed, 'p');
    assert.ok(f.kind === 'text');
    assert.equal(f.format, undefined);
    assert.deepEqual(
      parsed.notes.map((n) => n.code),
      ['format-ignored'],
    );
  });

  it('tolerates pure annotations such as $comment and examples without a note', () => {
    assert.deepEqual(model(schemaOf({ p: { type: 'string', $comment: 'x', examples: ['y'] } })).notes, []);
  });

  it('drops a text default that breaks the field constraints', () => {
    const parsed = model(
      schemaOf({ p: { type: 'string', pattern: '^[a-z]+$', maxLength: 3, default: 'ABCD' } }),
    );
    assert.equal(field(parsed, 'p').default, undefined);
    assert.match(parsed.notes[0]?.message ?? '', /pattern/);
  });

  it('keeps an empty-string default for a required text field but prefills nothing invalid', () => {
    const parsed = model(schemaOf({ p: { type: 'string', minLength: 1, default: '' } }, { required: ['p'] }));
    assert.equal(field(parsed, 'p').default, undefined);
  });
});

describe('parseRequestedSchema: satisfiability (edge case 14)', () => {
  it('marks the model unsatisfiable when a required multi-select needs more items than it offers', () => {
    const m = model(fixture('unsatisfiable.json'));
    assert.equal(m.satisfiable, false);
    const reasons = m.notes.filter((n) => n.code === 'unsatisfiable-field');
    assert.deepEqual(
      reasons.map((n) => n.field),
      ['instruments', 'range', 'note'],
    );
    assert.match(reasons[0]?.message ?? '', /required field can never be answered/);
    assert.match(reasons[1]?.message ?? '', /can only be left empty/);
  });

  const unsatisfiableWhenRequired: Array<[string, unknown]> = [
    [
      'minItems > maxItems',
      { type: 'array', minItems: 3, maxItems: 2, items: { enum: ['a', 'b', 'c', 'd'] } },
    ],
    ['minItems > number of options', { type: 'array', minItems: 3, items: { enum: ['a', 'b'] } }],
    ['minLength > maxLength', { type: 'string', minLength: 4, maxLength: 3 }],
    ['minimum > maximum', { type: 'number', minimum: 5, maximum: 4 }],
    ['an integer range holding no integer', { type: 'integer', minimum: 0.1, maximum: 0.9 }],
    ['an empty enum', { type: 'string', enum: [] }],
    ['an empty oneOf', { type: 'string', oneOf: [] }],
  ];
  for (const [what, property] of unsatisfiableWhenRequired) {
    it(`${what}: unsatisfiable when required, satisfiable (left empty) when optional`, () => {
      assert.equal(model(schemaOf({ p: property }, { required: ['p'] })).satisfiable, false);
      const optional = model(schemaOf({ p: property }));
      assert.equal(optional.satisfiable, true);
      assert.ok(optional.notes.some((n) => n.code === 'unsatisfiable-field' && n.field === 'p'));
    });
  }

  // A required answer must be non-empty, but an optional one may be "" or [] (see validate.ts).
  const unsatisfiableOnlyWhenRequired: Array<[string, unknown]> = [
    ['a multi-select without options', { type: 'array', items: { enum: [] } }],
    ['maxItems 0', { type: 'array', maxItems: 0, items: { enum: ['a'] } }],
    ['maxLength 0 on a text field', { type: 'string', maxLength: 0 }],
  ];
  for (const [what, property] of unsatisfiableOnlyWhenRequired) {
    it(`${what}: unsatisfiable when required; optional, the empty answer is still valid`, () => {
      const required = model(schemaOf({ p: property }, { required: ['p'] }));
      assert.equal(required.satisfiable, false);
      assert.ok(required.notes.some((n) => n.code === 'unsatisfiable-field' && n.field === 'p'));
      const optional = model(schemaOf({ p: property }));
      assert.equal(optional.satisfiable, true);
      assert.deepEqual(optional.notes, []);
    });
  }

  it('keeps an integer range with exactly one integer satisfiable', () => {
    assert.equal(
      model(schemaOf({ p: { type: 'integer', minimum: 0.5, maximum: 1.5 } }, { required: ['p'] }))
        .satisfiable,
      true,
    );
  });
});

describe('parseFormParams (S-05, S-07, edge case 8)', () => {
  it('returns the message and the model of a valid form request', () => {
    const parsed = parseFormParams({ message: 'Hi', requestedSchema: schemaOf({ a: { type: 'string' } }) });
    assert.ok(parsed.ok);
    assert.equal(parsed.value.message, 'Hi');
    assert.equal(parsed.value.model.fields.length, 1);
  });

  it('refuses a missing or non-string message (S-05)', () => {
    for (const params of [
      { requestedSchema: schemaOf({}) },
      { message: 42, requestedSchema: schemaOf({}) },
    ]) {
      const parsed = parseFormParams(params);
      assert.ok(!parsed.ok);
      assert.deepEqual(
        parsed.issues.map((i) => i.code),
        ['missing-message'],
      );
      assert.match(parsed.issues[0]?.message ?? '', /S-05/);
    }
  });

  it('refuses a missing requestedSchema (S-07)', () => {
    const parsed = parseFormParams({ message: 'Hi' });
    assert.ok(!parsed.ok);
    assert.deepEqual(
      parsed.issues.map((i) => i.code),
      ['missing-schema'],
    );
    assert.match(parsed.issues[0]?.message ?? '', /S-07/);
  });

  it('reports message and schema problems together', () => {
    const parsed = parseFormParams({ requestedSchema: schemaOf({ a: { type: 'object' } }) });
    assert.ok(!parsed.ok);
    assert.deepEqual(
      parsed.issues.map((i) => i.code),
      ['missing-message', 'nested-object'],
    );
  });

  it('treats params that are not an object as missing both message and schema', () => {
    const parsed = parseFormParams(null);
    assert.ok(!parsed.ok);
    assert.deepEqual(
      parsed.issues.map((i) => i.code),
      ['missing-message', 'missing-schema'],
    );
  });

  it('refuses a message over 64 KiB as too-large', () => {
    const parsed = parseFormParams({
      message: 'm'.repeat(SCHEMA_LIMITS.maxStringLength + 1),
      requestedSchema: schemaOf({}),
    });
    assert.ok(!parsed.ok);
    assert.equal(parsed.issues[0]?.code, 'too-large');
  });
});
