import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FormModel } from '../../src/core/form-model.js';
import { failClosed, toElicitResult } from '../../src/core/result.js';
import { parseRequestedSchema } from '../../src/core/schema-parser.js';
import { req } from '../helpers/req.js';

function model(schema: unknown): FormModel {
  const parsed = parseRequestedSchema(schema);
  if (!parsed.ok) assert.fail(parsed.issues.map((i) => i.message).join(' | '));
  return parsed.value;
}

const form = model({
  type: 'object',
  properties: {
    age: { type: 'integer', title: 'Age', maximum: 120 },
    name: { type: 'string', title: 'Name' },
  },
  required: ['name'],
});

describe(req`toElicitResult (C-16, C-32, E-20)`, () => {
  it('sends content on a form-mode accept', () => {
    assert.deepEqual(toElicitResult({ action: 'accept', content: { name: 'Ada' } }), {
      action: 'accept',
      content: { name: 'Ada' },
    });
  });

  it(req`sends an empty content object for an accepted confirmation (E-13)`, () => {
    assert.deepEqual(toElicitResult({ action: 'accept', content: {} }), { action: 'accept', content: {} });
  });

  it(req`sends no content on a URL-mode accept (C-15)`, () => {
    const wire = toElicitResult({ action: 'accept' });
    assert.deepEqual(wire, { action: 'accept' });
    assert.ok(!('content' in wire));
  });

  it('never sends content or a reason on decline or cancel', () => {
    assert.deepEqual(toElicitResult({ action: 'decline' }), { action: 'decline' });
    const cancel = toElicitResult({ action: 'cancel', reason: 'dismissed', detail: 'Escape pressed' });
    assert.deepEqual(cancel, { action: 'cancel' });
    assert.equal(JSON.stringify(cancel), '{"action":"cancel"}');
  });

  it('copies content so later edits to the outcome cannot change what was sent', () => {
    const content = { tags: ['a'] };
    const wire = toElicitResult({ action: 'accept', content });
    content.tags.push('b');
    assert.ok(wire.action === 'accept');
    assert.deepEqual(wire.content, { tags: ['a'] });
  });
});

describe(req`failClosed (H-03, C-31)`, () => {
  it('passes a valid accept through with exactly the validated content', () => {
    assert.deepEqual(failClosed(form, { action: 'accept', content: { name: 'Ada', age: 36 } }), {
      action: 'accept',
      content: { age: 36, name: 'Ada' },
    });
  });

  it('turns an accept that breaks the schema into a cancel with reason invalid-answer and the issues', () => {
    const outcome = failClosed(form, { action: 'accept', content: { age: 130, extra: true } });
    assert.deepEqual(outcome, {
      action: 'cancel',
      reason: 'invalid-answer',
      detail: '"extra" is not a field of this form. Age must be at most 120. Name is required.',
    });
    assert.deepEqual(toElicitResult(outcome), { action: 'cancel' });
  });

  it('turns any accept of an unsatisfiable form into a cancel with reason unsatisfiable', () => {
    const impossible = model({
      type: 'object',
      properties: { n: { type: 'number', minimum: 2, maximum: 1 } },
      required: ['n'],
    });
    const outcome = failClosed(impossible, { action: 'accept', content: { n: 1 } });
    assert.equal(outcome.action, 'cancel');
    assert.ok(outcome.action === 'cancel');
    assert.equal(outcome.reason, 'unsatisfiable');
  });

  it('leaves decline and cancel unchanged', () => {
    assert.deepEqual(failClosed(form, { action: 'decline' }), { action: 'decline' });
    const cancel = { action: 'cancel', reason: 'timeout' } as const;
    assert.deepEqual(failClosed(form, cancel), cancel);
  });
});
