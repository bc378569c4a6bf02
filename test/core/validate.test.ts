import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { initialDraft } from '../../src/core/defaults.js';
import type { Draft, Field, FieldValue, FormModel } from '../../src/core/form-model.js';
import { checkFormat } from '../../src/core/formats.js';
import type { FieldIssue } from '../../src/core/issues.js';
import { compilePattern } from '../../src/core/pattern.js';
import { parseRequestedSchema } from '../../src/core/schema-parser.js';
import { validateContent, validateField } from '../../src/core/validate.js';
import { req } from '../helpers/req.js';

function model(schema: unknown): FormModel {
  const parsed = parseRequestedSchema(schema);
  if (!parsed.ok) assert.fail(parsed.issues.map((i) => i.message).join(' | '));
  return parsed.value;
}

function fieldOf(property: Record<string, unknown>, required = false, name = 'f'): Field {
  const m = model({ type: 'object', properties: { [name]: property }, required: required ? [name] : [] });
  const f = m.fields[0];
  assert.ok(f);
  return f;
}

function codes(list: readonly FieldIssue[]): string[] {
  return list.map((i) => i.code);
}

function check(property: Record<string, unknown>, value: unknown, required = false): FieldIssue[] {
  return validateField(fieldOf(property, required), value as FieldValue | undefined);
}

describe(req`validateField: text (C-31, E-16, E-17)`, () => {
  it('accepts a string within bounds and rejects a non-string with "type"', () => {
    assert.deepEqual(check({ type: 'string', minLength: 1, maxLength: 5 }, 'abc'), []);
    assert.deepEqual(codes(check({ type: 'string' }, 5)), ['type']);
    assert.deepEqual(codes(check({ type: 'string' }, null)), ['type']);
  });

  it(req`counts length in code points, not UTF-16 units (E-16)`, () => {
    // Four emoji are 8 UTF-16 units but 4 code points.
    assert.deepEqual(check({ type: 'string', maxLength: 4 }, '😀😀😀😀'), []);
    assert.deepEqual(codes(check({ type: 'string', maxLength: 3 }, '😀😀😀😀')), ['max-length']);
    assert.deepEqual(codes(check({ type: 'string', minLength: 2 }, '😀')), ['min-length']);
  });

  it('says "at least/at most N characters" using the label', () => {
    assert.deepEqual(check({ type: 'string', title: 'Nickname', minLength: 3 }, 'ab'), [
      { field: 'f', code: 'min-length', message: 'Nickname must be at least 3 characters.' },
    ]);
    assert.deepEqual(check({ type: 'string', title: 'Nickname', maxLength: 1 }, 'ab'), [
      { field: 'f', code: 'max-length', message: 'Nickname must be at most 1 character.' },
    ]);
  });

  it('requires a non-empty string for a required text field', () => {
    assert.deepEqual(check({ type: 'string', title: 'Name' }, '', true), [
      { field: 'f', code: 'required', message: 'Name is required.' },
    ]);
    assert.deepEqual(check({ type: 'string' }, '', false), []);
  });

  it('reports a missing required field and accepts a missing optional one', () => {
    assert.deepEqual(codes(check({ type: 'boolean' }, undefined, true)), ['required']);
    assert.deepEqual(check({ type: 'boolean' }, undefined, false), []);
  });

  const formats: Array<[string, string[], string[]]> = [
    [
      'email',
      ['a@example.com', 'first.last+tag@sub.example.org'],
      ['plainaddress', 'a@', '@example.com', 'a b@example.com'],
    ],
    [
      'uri',
      ['https://example.com/path?q=1', 'mailto:a@example.com', 'urn:isbn:0451450523'],
      ['example.com', '/relative/path', 'http://exa mple.com'],
    ],
    [
      'date',
      ['2025-01-31', '2024-02-29'],
      ['2025-02-29', '2025-13-01', '31/01/2025', '2025-1-1', '2025-01-31T00:00:00Z'],
    ],
    [
      'date-time',
      ['2025-01-31T14:30:00Z', '2025-01-31T14:30:00.123+02:00', '2025-01-31t14:30:00z'],
      ['2025-01-31T14:30:00', '2025-01-31', '2025-01-31T25:00:00Z'],
    ],
  ];
  for (const [format, good, bad] of formats) {
    it(req`checks format ${format} with ajv-formats full mode (E-17)`, () => {
      for (const value of good)
        assert.deepEqual(check({ type: 'string', format }, value), [], `${format} accepts ${value}`);
      for (const value of bad)
        assert.deepEqual(
          codes(check({ type: 'string', format }, value)),
          ['format'],
          `${format} rejects ${value}`,
        );
    });
  }

  it('describes the expected format in the message', () => {
    assert.equal(
      check({ type: 'string', title: 'Birthday', format: 'date' }, 'x')[0]?.message,
      'Birthday must be a valid date (YYYY-MM-DD).',
    );
  });

  it('checkFormat refuses oversize input without running the validator', () => {
    assert.equal(checkFormat('email', `${'a'.repeat(5000)}@example.com`), false);
  });
});

describe(req`validateField: pattern, enforced in linear time (E-11)`, () => {
  it('enforces a pattern as an unanchored search, like JSON Schema', () => {
    assert.deepEqual(check({ type: 'string', pattern: '^[A-Za-z]+$' }, 'Alice'), []);
    assert.deepEqual(codes(check({ type: 'string', pattern: '^[A-Za-z]+$' }, 'Alice1')), ['pattern']);
    assert.deepEqual(check({ type: 'string', pattern: '[0-9]' }, 'abc1def'), []);
  });

  it('matches a catastrophic-backtracking pattern against hostile input (linear-time engine)', () => {
    const issues = check({ type: 'string', pattern: '^(a+)+$' }, `${'a'.repeat(50000)}!`);
    assert.deepEqual(codes(issues), ['pattern']);
  });

  it('fails, unchecked, input too long to match within the step budget (frozen client, issue 12 item 1)', () => {
    const compiled = compilePattern('a');
    assert.ok(compiled.ok);
    const issues = check({ type: 'string', pattern: 'a' }, 'a'.repeat(compiled.value.maxInput + 1));
    assert.deepEqual(codes(issues), ['pattern']);
    assert.match(issues[0]?.message ?? '', /too long to be checked/);
  });
});

describe(req`validateField: numbers (E-15)`, () => {
  it('treats minimum and maximum as inclusive', () => {
    const age = { type: 'integer', title: 'Age', minimum: 0, maximum: 120 };
    assert.deepEqual(check(age, 0), []);
    assert.deepEqual(check(age, 120), []);
    assert.deepEqual(check(age, 121), [{ field: 'f', code: 'maximum', message: 'Age must be at most 120.' }]);
    assert.deepEqual(check(age, -1), [{ field: 'f', code: 'minimum', message: 'Age must be at least 0.' }]);
  });

  it('accepts fractions for number and rejects them for integer', () => {
    assert.deepEqual(check({ type: 'number' }, 95.5), []);
    assert.deepEqual(codes(check({ type: 'integer' }, 95.5)), ['integer']);
    assert.deepEqual(check({ type: 'integer' }, 30), []);
  });

  it('rejects NaN and ±Infinity, and numeric strings', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '42']) {
      assert.deepEqual(codes(check({ type: 'number' }, value)), ['type'], String(value));
    }
  });
});

describe('validateField: booleans and selects', () => {
  it('accepts only true/false for a boolean', () => {
    assert.deepEqual(check({ type: 'boolean' }, false), []);
    assert.deepEqual(codes(check({ type: 'boolean' }, 'true')), ['type']);
  });

  it('accepts only an option value (never the title) for a single-select', () => {
    const titled = { type: 'string', title: 'Colour', oneOf: [{ const: '#F00', title: 'Red' }] };
    assert.deepEqual(check(titled, '#F00'), []);
    assert.deepEqual(check(titled, 'Red'), [
      { field: 'f', code: 'not-an-option', message: 'Colour must be one of: Red.' },
    ]);
    assert.deepEqual(codes(check(titled, 1)), ['type']);
  });

  it('says a choice has no valid option when every offered one was removed (not "one of: .")', () => {
    const single = check({ type: 'string', enum: ['a'], pattern: '^b$' }, 'a');
    assert.deepEqual(single, [{ field: 'f', code: 'not-an-option', message: 'f has no valid option.' }]);
    const multi = check({ type: 'array', items: { enum: ['a'], pattern: '^b$' } }, ['a']);
    assert.deepEqual(multi, [
      {
        field: 'f',
        code: 'not-an-option',
        message: 'f has no valid option ("a" is not one of the options).',
      },
    ]);
  });

  it('checks multi-select membership, duplicates, minItems and maxItems', () => {
    const pick = { type: 'array', title: 'Fish', minItems: 1, maxItems: 2, items: { enum: ['a', 'b', 'c'] } };
    assert.deepEqual(check(pick, ['a', 'c']), []);
    assert.deepEqual(codes(check(pick, ['a', 'z'])), ['not-an-option']);
    assert.match(check(pick, ['a', 'z'])[0]?.message ?? '', /"z" is not one of the options/);
    assert.deepEqual(codes(check(pick, ['a', 'a'])), ['duplicate-item']);
    assert.deepEqual(check(pick, []), [
      { field: 'f', code: 'min-items', message: 'Fish needs at least 1 choice.' },
    ]);
    assert.deepEqual(check(pick, ['a', 'b', 'c']), [
      { field: 'f', code: 'max-items', message: 'Fish allows at most 2 choices.' },
    ]);
    assert.deepEqual(codes(check(pick, 'a')), ['type']);
    assert.deepEqual(codes(check(pick, ['a', 1])), ['type']);
  });

  it('requires at least one choice for a required multi-select; an optional one may be []', () => {
    const pick = { type: 'array', items: { enum: ['a', 'b'] } };
    assert.deepEqual(codes(check(pick, [], true)), ['required']);
    assert.deepEqual(check(pick, [], false), []);
  });

  it(req`sanitizes hostile labels in messages (H-07)`, () => {
    const issues = check(
      { type: 'string', title: '\u001b[2J\u001b]0;pwned\u0007Name\u202e', minLength: 2 },
      'a',
    );
    assert.equal(issues[0]?.message, 'Name must be at least 2 characters.');
  });
});

describe(req`validateContent (C-31, E-19, E-20, E-21)`, () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name' },
      age: { type: 'integer', title: 'Age', minimum: 0, maximum: 120 },
      tags: { type: 'array', items: { enum: ['x', 'y'] } },
    },
    required: ['name'],
  };

  it('returns exactly the content to send, in field order, for a valid answer', () => {
    const result = validateContent(model(schema), { tags: ['y'], name: 'Ada' });
    assert.deepEqual(result, { ok: true, value: { name: 'Ada', tags: ['y'] } });
  });

  it(req`omits optional fields left empty instead of sending null or "" (E-19)`, () => {
    const result = validateContent(model(schema), { name: 'Ada' });
    assert.ok(result.ok);
    assert.deepEqual(Object.keys(result.value), ['name']);
  });

  it('reports every problem at once: missing required, bounds, unknown keys', () => {
    const result = validateContent(model(schema), { age: 130, extra: 'x' } as Draft);
    assert.ok(!result.ok);
    assert.deepEqual(
      result.issues.map((i) => [i.field, i.code]),
      [
        ['extra', 'unknown-field'],
        ['name', 'required'],
        ['age', 'maximum'],
      ],
    );
    assert.equal(result.issues[0]?.message, '"extra" is not a field of this form.');
  });

  it(req`rejects values of the wrong JSON type, including nested objects and null (E-21)`, () => {
    const result = validateContent(model(schema), { name: { first: 'Ada' }, age: null } as unknown as Draft);
    assert.ok(!result.ok);
    assert.deepEqual(codes(result.issues), ['type', 'type']);
  });

  it(req`never validates an unsatisfiable model, whatever the answer (E-14)`, () => {
    const m = model({
      type: 'object',
      properties: { p: { type: 'array', minItems: 3, items: { enum: ['a'] } } },
      required: ['p'],
    });
    const result = validateContent(m, { p: ['a'] });
    assert.ok(!result.ok);
    assert.deepEqual(codes(result.issues), ['unsatisfiable']);
    assert.match(
      result.issues[0]?.message ?? '',
      /^This form can never be completed .*minItems 3 is greater than the 1 option/,
    );
  });

  it(req`accepts empty content for a pure confirmation (E-13)`, () => {
    assert.deepEqual(validateContent(model({ type: 'object', properties: {} }), {}), { ok: true, value: {} });
  });

  it('rejects a draft that is not an object', () => {
    const result = validateContent(model(schema), ['Ada'] as unknown as Draft);
    assert.ok(!result.ok);
    assert.deepEqual(codes(result.issues), ['type']);
  });

  it('treats fields named like Object.prototype members as missing when absent', () => {
    const m = model({
      type: 'object',
      properties: { constructor: { type: 'string' }, toString: { type: 'number' } },
      required: ['constructor', 'toString'],
    });
    const result = validateContent(m, {});
    assert.ok(!result.ok);
    assert.deepEqual(codes(result.issues), ['required', 'required']);
  });

  it('keeps a "__proto__" field as an own key of the content', () => {
    const m = model(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'));
    const result = validateContent(m, JSON.parse('{"__proto__":"value"}'));
    assert.ok(result.ok);
    assert.equal(JSON.stringify(result.value), '{"__proto__":"value"}');
    assert.equal(Object.getPrototypeOf(result.value), Object.prototype);
  });

  it('validates the untouched defaults of the server-everything form once the required name is given', () => {
    const params = JSON.parse(
      readFileSync(new URL('../fixtures/schemas/server-everything-13-fields.json', import.meta.url), 'utf8'),
    );
    const m = model(params.requestedSchema);
    const { draft } = initialDraft(m);
    const missing = validateContent(m, draft);
    assert.ok(!missing.ok);
    assert.deepEqual(
      missing.issues.map((i) => i.message),
      ['String is required.'],
    );
    const result = validateContent(m, {
      ...draft,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      birthdate: '1815-12-10',
    });
    assert.ok(result.ok);
    assert.equal(result.value.integer, 42);
    assert.deepEqual(result.value.titledMultipleSelectEnum, ['fish-1']);
  });
});
