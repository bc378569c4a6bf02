import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DraftStore } from '../../src/core/draft-store.js';
import type { FormModel } from '../../src/core/form-model.js';
import { parseRequestedSchema } from '../../src/core/schema-parser.js';

function model(properties: Record<string, unknown>): FormModel {
  const parsed = parseRequestedSchema({ type: 'object', properties });
  if (!parsed.ok) assert.fail(parsed.issues.map((i) => i.message).join(' | '));
  return parsed.value;
}

const signup = model({
  name: { type: 'string', title: 'Name' },
  age: { type: 'integer' },
  plan: { type: 'string', enum: ['free', 'pro'] },
  tags: { type: 'array', items: { enum: ['a', 'b'] } },
});

describe('DraftStore', () => {
  it('offers again what a person typed when the same server asks with the same fields', () => {
    const store = new DraftStore();
    store.remember('weather', signup, { name: 'Ada', age: 36, plan: 'pro', tags: ['b'] });
    assert.deepEqual(store.recall('weather', signup), { name: 'Ada', age: 36, plan: 'pro', tags: ['b'] });
  });

  it('matches a form whose titles, order and constraints changed but whose fields did not', () => {
    const store = new DraftStore();
    store.remember('weather', signup, { name: 'Ada' });
    const reworded = model({
      tags: { type: 'array', title: 'Tags', maxItems: 1, items: { enum: ['b', 'a'] } },
      plan: {
        type: 'string',
        oneOf: [
          { const: 'pro', title: 'Pro' },
          { const: 'free', title: 'Free' },
        ],
      },
      age: { type: 'integer', minimum: 1 },
      name: { type: 'string', title: 'Your name', maxLength: 2 },
    });
    assert.deepEqual(store.recall('weather', reworded), { name: 'Ada' });
  });

  it('never offers one server the draft typed for another', () => {
    const store = new DraftStore();
    store.remember('weather', signup, { name: 'Ada' });
    assert.equal(store.recall('calendar', signup), undefined);
  });

  it('does not match when a field kind or an option value changed', () => {
    const store = new DraftStore();
    store.remember('s', signup, { name: 'Ada' });
    const numberAge = model({
      name: { type: 'string' },
      age: { type: 'number' },
      plan: { type: 'string', enum: ['free', 'pro'] },
      tags: { type: 'array', items: { enum: ['a', 'b'] } },
    });
    assert.equal(store.recall('s', numberAge), undefined);
    const newPlan = model({
      name: { type: 'string' },
      age: { type: 'integer' },
      plan: { type: 'string', enum: ['free', 'team'] },
      tags: { type: 'array', items: { enum: ['a', 'b'] } },
    });
    assert.equal(store.recall('s', newPlan), undefined);
  });

  it('drops remembered values that are not of the field type, and unknown keys', () => {
    const store = new DraftStore();
    store.remember('s', signup, {
      name: 7,
      age: 1.5,
      plan: 'enterprise',
      tags: ['a', 'z'],
      ghost: 'x',
    } as never);
    assert.equal(store.recall('s', signup), undefined);
    store.remember('s', signup, { name: 'Ada', age: 1.5 });
    assert.deepEqual(store.recall('s', signup), { name: 'Ada' });
  });

  it('forgets a draft on request, e.g. after the form was accepted', () => {
    const store = new DraftStore();
    store.remember('s', signup, { name: 'Ada' });
    store.forget('s', signup);
    assert.equal(store.recall('s', signup), undefined);
  });

  it('returns copies, so editing a recalled draft does not change the stored one', () => {
    const store = new DraftStore();
    store.remember('s', signup, { tags: ['a'] });
    const first = store.recall('s', signup);
    assert.ok(first && Array.isArray(first.tags));
    first.tags.push('b');
    assert.deepEqual(store.recall('s', signup), { tags: ['a'] });
  });

  it('keeps only a bounded number of forms, dropping the oldest', () => {
    const store = new DraftStore();
    const forms = Array.from({ length: 80 }, (_, i) => model({ [`f${i}`]: { type: 'string' } }));
    for (const [i, form] of forms.entries()) store.remember('s', form, { [`f${i}`]: 'x' });
    assert.equal(store.recall('s', forms[0] as FormModel), undefined);
    assert.deepEqual(store.recall('s', forms[79] as FormModel), { f79: 'x' });
  });
});
