import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { initialDraft } from '../../src/core/defaults.js';
import type { FormModel } from '../../src/core/form-model.js';
import { failClosed, toElicitResult } from '../../src/core/result.js';
import { parseFormParams, parseRequestedSchema } from '../../src/core/schema-parser.js';
import { req } from '../helpers/req.js';

function fixtureModel(name: string): FormModel {
  const params = JSON.parse(readFileSync(new URL(`../fixtures/schemas/${name}`, import.meta.url), 'utf8'));
  const parsed = parseFormParams(params);
  if (!parsed.ok) assert.fail(parsed.issues.map((i) => i.message).join(' | '));
  return parsed.value.model;
}

function model(schema: unknown): FormModel {
  const parsed = parseRequestedSchema(schema);
  if (!parsed.ok) assert.fail(parsed.issues.map((i) => i.message).join(' | '));
  return parsed.value;
}

describe(req`initialDraft, per SEP-1034 (C-09, E-19)`, () => {
  it('pre-fills every field of the conformance SEP-1034 form with its default, with the right JSON types', () => {
    const { draft, defaulted } = initialDraft(fixtureModel('conformance-sep1034.json'));
    assert.deepEqual(draft, { name: 'John Doe', age: 30, score: 95.5, status: 'active', verified: true });
    assert.deepEqual([...defaulted], ['name', 'age', 'score', 'status', 'verified']);
  });

  it('lets an untouched conformance form be accepted with all five defaults in content', () => {
    const m = fixtureModel('conformance-sep1034.json');
    const outcome = failClosed(m, { action: 'accept', content: initialDraft(m).draft });
    const wire = toElicitResult(outcome);
    assert.deepEqual(wire, {
      action: 'accept',
      content: { name: 'John Doe', age: 30, score: 95.5, status: 'active', verified: true },
    });
    assert.ok(wire.action === 'accept' && wire.content);
    assert.equal(typeof wire.content.age, 'number');
    assert.equal(typeof wire.content.verified, 'boolean');
    assert.ok(['active', 'inactive', 'pending'].includes(wire.content.status as string));
  });

  it(req`leaves fields without a default absent, including an optional boolean (E-18)`, () => {
    const { draft, defaulted } = initialDraft(
      model({
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'boolean' }, c: { type: 'number', default: 1 } },
      }),
    );
    assert.deepEqual(draft, { c: 1 });
    assert.deepEqual([...defaulted], ['c']);
  });

  it(req`does not pre-fill defaults the parser found invalid (E-14)`, () => {
    const { draft } = initialDraft(
      model({
        type: 'object',
        properties: {
          s: { type: 'string', enum: ['a'], default: 'b' },
          n: { type: 'integer', default: 1.5 },
        },
      }),
    );
    assert.deepEqual(draft, {});
  });

  it('gives each draft its own copy of multi-select defaults', () => {
    const m = model({
      type: 'object',
      properties: { m: { type: 'array', items: { enum: ['a', 'b'] }, default: ['a'] } },
    });
    const first = initialDraft(m).draft;
    (first.m as string[]).push('b');
    assert.deepEqual(initialDraft(m).draft, { m: ['a'] });
    const field = m.fields[0];
    assert.deepEqual(field?.default, ['a']);
  });

  it('pre-fills the eight defaults of the server-everything form', () => {
    const { defaulted } = initialDraft(fixtureModel('server-everything-13-fields.json'));
    assert.equal(defaulted.size, 8);
    assert.ok(!defaulted.has('name'));
  });
});
