// One regression test per engine defect of issue 12 (items 1-5), each named after what it protects.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FormModel } from '../../src/core/form-model.js';
import { PATTERN_SOURCE_BUDGET } from '../../src/core/pattern.js';
import { parseRequestedSchema } from '../../src/core/schema-parser.js';
import { analyzeUrl, MAX_URL_LENGTH } from '../../src/core/url-safety.js';
import { validateContent } from '../../src/core/validate.js';

const form = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

function model(schema: unknown): FormModel {
  const parsed = parseRequestedSchema(schema);
  if (!parsed.ok) assert.fail(parsed.issues.map((i) => i.message).join(' | '));
  return parsed.value;
}

function refusal(schema: unknown): string {
  const parsed = parseRequestedSchema(schema);
  assert.ok(!parsed.ok, 'expected the request to be refused (-32602)');
  return parsed.issues.map((i) => `${i.code}: ${i.message}`).join(' | ');
}

const accepts = (m: FormModel, draft: Record<string, unknown>) => validateContent(m, draft as never).ok;

describe('issue 12 item 1: a pattern check cannot freeze the client', () => {
  it('refuses the reported pattern, whose program is too large to match in time', () => {
    const pattern = `^${'(?:a?){999}'.repeat(4)}${'a{999}'.repeat(4)}$`;
    const reason = refusal(form({ f: { type: 'string', pattern, default: 'a'.repeat(7990) } }));
    assert.match(reason, /"pattern"/);
  });

  it('ignores a default too long to check against a large pattern within the step budget, with a note', () => {
    const pattern = `^${'(?:a?){999}'.repeat(2)}$`;
    const m = model(form({ f: { type: 'string', pattern, default: 'a'.repeat(1998) } }));
    assert.equal(m.fields[0]?.kind === 'text' && m.fields[0].default, undefined);
    assert.match(m.notes.map((n) => n.message).join(' '), /too long to be checked/);
    assert.equal(accepts(m, { f: 'a'.repeat(1998) }), false, 'fails closed, never unchecked');
    assert.equal(accepts(m, { f: 'aa' }), true);
  });

  it('refuses a request whose distinct patterns together exceed the compile budget', () => {
    // Each \S spells out ECMA's whitespace set as ranges: long RE2 source for a short pattern.
    const pattern = (i: number) => `^${'\\S'.repeat(100)}${i}$`;
    const count = Math.ceil(PATTERN_SOURCE_BUDGET / 1000) + 5;
    const properties = Object.fromEntries(
      Array.from({ length: count }, (_, i) => [`f${i}`, { type: 'string', pattern: pattern(i) }]),
    );
    assert.match(refusal(form(properties)), /too-large: .*too large, together, to compile in time/);
  });
});

describe('issue 12 item 2: analyzeUrl judges the raw length before any parsing or pattern', () => {
  it('refuses the reported 30,000-slash URL, which the parser would have collapsed under the limit', () => {
    const analysis = analyzeUrl(`https:${'/'.repeat(30000)}example.com/`);
    assert.equal(analysis.allowed, false);
    assert.match(analysis.refusal ?? '', /too long to review/);
    assert.ok(analysis.href.length <= MAX_URL_LENGTH);
  });

  it('refuses a host longer than any DNS name before decoding its IDN labels', () => {
    const analysis = analyzeUrl(`https://${'xn--pypal-4ve.'.repeat(50)}com/`);
    assert.equal(analysis.allowed, false);
    assert.match(analysis.refusal ?? '', /host name/);
  });
});

describe('issue 12 item 3: pattern means what ECMA-262 means, not what RE2 means', () => {
  it('does not accept "a\\u00a0b" for ^\\S+$ (RE2 \\S would match NBSP)', () => {
    const m = model(form({ f: { type: 'string', pattern: '^\\S+$' } }));
    assert.equal(accepts(m, { f: 'a\u00a0b' }), false);
    assert.equal(accepts(m, { f: 'ab' }), true);
  });

  it('refuses, naming "pattern", a lookahead it cannot check instead of skipping it', () => {
    assert.match(
      refusal(form({ f: { type: 'string', pattern: '^(?=.*\\d).{8,}$' } })),
      /"pattern".*lookahead/,
    );
  });
});

describe('issue 12 item 4: oneOf with a repeated const', () => {
  it('never accepts a value two oneOf entries share (it matches both, so fails oneOf)', () => {
    const m = model(form({ f: { type: 'string', oneOf: [{ const: 'a' }, { const: 'a' }, { const: 'b' }] } }));
    assert.equal(accepts(m, { f: 'a' }), false);
    assert.equal(accepts(m, { f: 'b' }), true);
    assert.ok(m.notes.some((n) => n.code === 'ambiguous-option'));
  });
});

describe('issue 12 item 5: every constraining keyword is enforced or refused', () => {
  it('enforces minLength, maxLength, pattern, format and enum beside oneOf by removing options that break them', () => {
    const oneOf = ['a', 'bb', 'x@y.co', 'ccc'].map((value) => ({ const: value, title: value }));
    const m = model(form({ f: { type: 'string', oneOf, maxLength: 2, enum: ['a', 'bb', 'ccc'] } }));
    const f = m.fields[0];
    assert.ok(f?.kind === 'single-select');
    assert.deepEqual(
      f.options.map((o) => o.value),
      ['a', 'bb'],
    );
    assert.equal(accepts(m, { f: 'ccc' }), false);
    const formatted = model(form({ f: { type: 'string', enum: ['x@y.co', 'nope'], format: 'email' } }));
    assert.equal(accepts(formatted, { f: 'nope' }), false);
  });

  it('refuses extra constraints inside oneOf / anyOf entries, naming the keyword', () => {
    assert.match(
      refusal(form({ f: { type: 'string', oneOf: [{ const: 'a', maxLength: 0 }] } })),
      /"oneOf" entry 0: "maxLength"/,
    );
    const items = { type: 'string', anyOf: [{ const: 'a', pattern: 'b' }] };
    assert.match(refusal(form({ f: { type: 'array', items } })), /"items.anyOf" entry 0: "pattern"/);
  });

  it('refuses not/allOf/const-on-array in items and array keywords it cannot enforce', () => {
    for (const extra of [{ not: { const: 'a' } }, { allOf: [{}] }, { oneOf: [{ const: 'a' }] }]) {
      const items = { type: 'string', enum: ['a', 'b'], ...extra };
      assert.match(refusal(form({ f: { type: 'array', items } })), /"items": /);
    }
    assert.match(
      refusal(form({ f: { type: 'array', items: { enum: ['a'] }, contains: { const: 'a' } } })),
      /"contains"/,
    );
  });

  it('enforces items const/maxLength by removing options that break them', () => {
    const m = model(form({ f: { type: 'array', items: { enum: ['a', 'bb'], maxLength: 1 } } }));
    assert.equal(accepts(m, { f: ['bb'] }), false);
    assert.equal(accepts(m, { f: ['a'] }), true);
  });

  it('enforces top-level minProperties, maxProperties, dependentRequired and array dependencies', () => {
    const properties = { p: { type: 'string' }, q: { type: 'string' }, r: { type: 'string' } };
    const m = model(
      form(properties, {
        minProperties: 1,
        maxProperties: 2,
        dependentRequired: { p: ['q'] },
        dependencies: { q: ['r'] },
      }),
    );
    assert.equal(accepts(m, {}), false, 'minProperties');
    assert.equal(accepts(m, { p: 'x' }), false, 'p needs q');
    assert.equal(accepts(m, { q: 'x' }), false, 'q needs r');
    assert.equal(accepts(m, { q: 'x', r: 'y' }), true);
    assert.equal(accepts(m, { p: 'x', q: 'x', r: 'y' }), false, 'maxProperties');
  });

  it('refuses top-level propertyNames, patternProperties, enum, const and schema dependencies, naming them', () => {
    const extras: [Record<string, unknown>, RegExp][] = [
      [{ propertyNames: { maxLength: 1 } }, /"propertyNames"/],
      [{ patternProperties: { '^p': { maxLength: 1 } } }, /"patternProperties"/],
      [{ enum: [{}] }, /"enum"/],
      [{ const: {} }, /"const"/],
      [{ dependencies: { p: { required: ['q'] } } }, /"dependencies"/],
    ];
    for (const [extra, name] of extras) assert.match(refusal(form({ p: { type: 'string' } }, extra)), name);
  });

  it('enforces exclusiveMinimum, exclusiveMaximum, multipleOf and const on numbers and booleans', () => {
    const m = model(
      form({
        n: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10, multipleOf: 0.5 },
        c: { type: 'integer', const: 3 },
        b: { type: 'boolean', const: true },
      }),
    );
    assert.equal(accepts(m, { n: 0 }), false);
    assert.equal(accepts(m, { n: 10 }), false);
    assert.equal(accepts(m, { n: 1.25 }), false);
    assert.equal(accepts(m, { n: 9.5 }), true);
    assert.equal(accepts(m, { c: 4 }), false);
    assert.equal(accepts(m, { c: 3 }), true);
    assert.equal(accepts(m, { b: false }), false);
    assert.equal(accepts(m, { b: true }), true);
  });

  it('refuses constraints a property of another type cannot carry (const of the wrong type, not)', () => {
    assert.match(refusal(form({ n: { type: 'number', const: 'x' } })), /"const"/);
    assert.match(refusal(form({ s: { type: 'string', not: { const: 'a' } } })), /"not"/);
  });
});
