import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { initialDraft } from '../../src/core/defaults.js';
import type { Draft, FormContent, FormModel } from '../../src/core/form-model.js';
import { FormSession, type FormSessionOptions, type FormStart } from '../../src/core/form-session.js';
import { parseRequestedSchema } from '../../src/core/schema-parser.js';
import { validateContent } from '../../src/core/validate.js';
import { req } from '../helpers/req.js';

function model(
  properties: Record<string, unknown>,
  required: string[] = [],
  rules: Record<string, unknown> = {},
): FormModel {
  const parsed = parseRequestedSchema({ type: 'object', properties, required, ...rules });
  if (!parsed.ok) assert.fail(parsed.issues.map((i) => i.message).join(' | '));
  return parsed.value;
}

function start(form: FormModel, overlay: Draft = {}): FormStart {
  const { draft, defaulted } = initialDraft(form);
  return {
    model: form,
    initial: { ...draft, ...overlay },
    defaulted: new Set([...defaulted].filter((name) => !(name in overlay))),
    restored: Object.keys(overlay).length > 0,
    validate: (d) => validateContent(form, d),
  };
}

function session(form: FormModel, options: FormSessionOptions = {}, overlay: Draft = {}): FormSession {
  return new FormSession(start(form, overlay), options);
}

const profile = model(
  {
    name: { type: 'string', title: 'Name', minLength: 2 },
    age: { type: 'integer', title: 'Age', minimum: 0, maximum: 120, default: 30 },
    plan: { type: 'string', title: 'Plan', enum: ['free', 'pro'] },
    tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['a', 'b', 'c'] } },
    news: { type: 'boolean', title: 'News' },
  },
  ['name'],
);

const codes = (issues: readonly { code: string }[]) => issues.map((issue) => issue.code);

describe('FormSession: values and issues', () => {
  it('starts from the defaults and marks them as defaults until the value changes (SEP-1034)', () => {
    const s = session(profile);
    assert.equal(s.value('age'), 30);
    assert.equal(s.isDefault('age'), true);
    s.set('age', 31);
    assert.equal(s.isDefault('age'), false);
    s.set('age', 30);
    assert.equal(s.isDefault('age'), true, 'typing the default back makes it the default again');
    assert.equal(s.isDefault('name'), false);
  });

  it('keeps the text typed into a box as typed and reports text that does not parse', () => {
    const s = session(profile, { widgets: true });
    const issues = s.setText('age', '12a');
    assert.equal(s.text('age'), '12a');
    assert.equal(s.value('age'), undefined);
    assert.deepEqual(codes(issues), ['type']);
    assert.match(issues[0]?.message ?? '', /Age: "12a" is not a number/);
    s.setText('age', '42');
    assert.equal(s.value('age'), 42);
    assert.deepEqual(s.fieldIssues('age'), []);
  });

  it('treats blank text in a box as no answer, so a required field says it is required', () => {
    const s = session(profile, { widgets: true });
    s.setText('name', '   ');
    assert.equal(s.value('name'), undefined);
    assert.deepEqual(codes(s.fieldIssues('name')), ['required']);
  });

  it('reports the engine issue of a value that parses but breaks a constraint', () => {
    const s = session(profile, { widgets: true });
    assert.deepEqual(codes(s.setText('age', '300')), ['maximum']);
  });

  it('hides a field issue until the field was edited or the review was opened', () => {
    const s = session(profile);
    assert.equal(s.visibleIssue('name'), undefined);
    s.set('name', 'A');
    assert.equal(s.visibleIssue('name')?.code, 'min-length');
    const other = session(profile);
    other.review();
    assert.equal(other.visibleIssue('name')?.code, 'required');
    assert.equal(other.isTouched('name'), false);
  });

  it('sets a value only when it fits, through trySet, and says why not otherwise', () => {
    const s = session(profile);
    assert.deepEqual(codes(s.trySet('age', 500)), ['maximum']);
    assert.equal(s.value('age'), 30, 'the earlier value stays');
    assert.deepEqual(s.trySet('age', 50), []);
    assert.equal(s.value('age'), 50);
  });

  it('answers an unknown field name with an unknown-field issue instead of throwing', () => {
    const s = session(profile);
    assert.deepEqual(codes(s.set('nope', 'x')), ['unknown-field']);
    assert.deepEqual(codes(s.setText('nope', 'x')), ['unknown-field']);
    assert.equal(Object.hasOwn(s.draft(), 'nope'), false);
  });

  it('keeps a "__proto__" field an own key of the draft, never a prototype change', () => {
    const form = model(JSON.parse('{"__proto__": {"type": "string", "title": "Proto"}}'));
    const s = session(form);
    s.set('__proto__', 'x');
    const draft = s.draft();
    assert.equal(Object.hasOwn(draft, '__proto__'), true);
    assert.equal(Object.getPrototypeOf(draft), Object.prototype);
  });
});

describe('FormSession: empty lists', () => {
  it('sends a typed empty list as an explicit answer on a line front-end', () => {
    const s = session(profile);
    s.set('name', 'Ada');
    s.set('tags', []);
    assert.deepEqual(s.draft().tags, []);
  });

  it('treats checkboxes with none ticked as no answer on a widget front-end', () => {
    const s = session(profile, { widgets: true });
    s.set('name', 'Ada');
    s.set('tags', []);
    assert.equal(Object.hasOwn(s.draft(), 'tags'), false);
    assert.deepEqual(s.value('tags'), [], 'the widget still shows none ticked');
  });
});

describe('FormSession: a whole submitted form at once', () => {
  it('applies text per field and chosen values of a multi-select, returning every issue', () => {
    const s = session(profile, { widgets: true });
    const issues = s.apply({ name: 'Ada', age: '41', plan: 'pro', tags: ['c', 'a'], news: 'yes' });
    assert.deepEqual(issues, []);
    assert.deepEqual(s.draft(), { name: 'Ada', age: 41, plan: 'pro', tags: ['c', 'a'], news: true });
  });

  it('reports per-field issues with field names, and names that are not fields', () => {
    const s = session(profile, { widgets: true });
    const issues = s.apply({ name: 'A', age: 'old', plan: 'gold', bogus: 'x' });
    const byField = issues.map((issue) => [issue.field, issue.code]);
    assert.deepEqual(byField, [
      ['bogus', 'unknown-field'],
      ['age', 'type'],
      ['plan', 'type'],
      ['name', 'min-length'],
    ]);
    assert.equal(s.text('age'), 'old', 'what was typed is kept to show it again');
  });

  it('refuses a list for a field that takes one value', () => {
    const s = session(profile, { widgets: true });
    const issues = s.apply({ plan: ['free', 'pro'] });
    assert.match(issues.find((issue) => issue.field === 'plan')?.message ?? '', /takes one value/);
  });
});

describe('FormSession: review and submit', () => {
  it(req`refuses to submit while anything is wrong, with the reasons and the first field to fix (C-31)`, () => {
    const s = session(profile, { widgets: true });
    s.setText('age', '300');
    const refused = s.submit();
    assert.equal(refused.kind, 'refused');
    if (refused.kind !== 'refused') return;
    assert.deepEqual(codes(refused.issues), ['required', 'maximum']);
    assert.equal(refused.firstProblem, 0);
    assert.equal(s.ending, undefined);
  });

  it('submits exactly the checker content once everything fits', () => {
    const produced: FormContent[] = [];
    const s = new FormSession({
      ...start(profile),
      validate: (d) => {
        const result = validateContent(profile, d);
        if (result.ok) produced.push(result.value);
        return result;
      },
    });
    s.set('name', 'Ada');
    const sent = s.submit();
    assert.equal(sent.kind, 'accepted');
    if (sent.kind !== 'accepted') return;
    assert.deepEqual(sent.content, { name: 'Ada', age: 30 });
    assert.equal(sent.content, produced.at(-1), 'the object the checker vouched for, not a copy');
    assert.deepEqual(sent.ending, { outcome: { action: 'accept', content: sent.content } });
  });

  it('with problems, keeps the form at the first one instead of opening the review, and shows every issue', () => {
    const s = session(profile);
    s.set('name', 'Ada');
    s.set('plan', 'gold');
    const review = s.review();
    assert.equal(review.opened, false);
    assert.equal(s.stage, 'editing', 'the review does not open with problems (one meaning everywhere)');
    assert.deepEqual(codes(review.issues), ['not-an-option']);
    assert.equal(review.firstProblem, 2);
    assert.equal(s.reviewed, true, 'every issue is shown from now on');
    assert.equal(s.edit(), 2);
    assert.equal(s.edit(4), 4, 'a chosen field wins');
    s.set('plan', 'free');
    const fixed = s.review();
    assert.equal(fixed.opened, true);
    assert.equal(s.stage, 'review');
    assert.equal(fixed.firstProblem, undefined);
  });

  it('with only a problem of the whole form, keeps the form at its first field', () => {
    const pair = model(
      { email: { type: 'string', title: 'Email' }, phone: { type: 'string', title: 'Phone' } },
      [],
      { minProperties: 1 },
    );
    const s = session(pair);
    const review = s.review();
    assert.equal(review.opened, false);
    assert.ok(review.issues.length > 0);
    assert.equal(review.firstProblem, 0);
  });

  it(req`starts a form without fields at the review as a pure confirmation (E-13)`, () => {
    const s = session(model({}));
    assert.equal(s.confirmation, true);
    assert.equal(s.stage, 'review');
    const sent = s.submit();
    assert.equal(sent.kind, 'accepted');
  });

  it(req`never accepts an unsatisfiable form (E-14)`, () => {
    const form = model({ tags: { type: 'array', items: { type: 'string', enum: ['a'] }, minItems: 3 } }, [
      'tags',
    ]);
    const s = session(form);
    assert.equal(s.satisfiable, false);
    const refused = s.submit();
    assert.equal(refused.kind, 'refused');
    if (refused.kind === 'refused') assert.deepEqual(codes(refused.issues), ['unsatisfiable']);
  });
});

describe('FormSession: endings', () => {
  it('keeps what was typed when the person declines', () => {
    const s = session(profile);
    s.set('name', 'Ada');
    assert.deepEqual(s.decline(), { outcome: { action: 'decline' }, draft: { name: 'Ada', age: 30 } });
  });

  it('cancels with a reason and an optional detail, keeping the draft', () => {
    const s = session(profile);
    assert.deepEqual(s.cancel('dismissed', 'input closed'), {
      outcome: { action: 'cancel', reason: 'dismissed', detail: 'input closed' },
      draft: { age: 30 },
    });
    assert.deepEqual(session(profile).cancel(), {
      outcome: { action: 'cancel', reason: 'dismissed' },
      draft: { age: 30 },
    });
  });

  it('mutes the server by cancelling with muteServer set', () => {
    assert.deepEqual(session(profile).mute(), {
      outcome: { action: 'cancel', reason: 'muted' },
      draft: { age: 30 },
      muteServer: true,
    });
  });

  it('lets the first ending win and ignores edits after it', () => {
    const s = session(profile);
    const declined = s.decline();
    s.set('name', 'Ada');
    assert.equal(s.value('name'), undefined);
    assert.equal(s.cancel(), declined);
    assert.deepEqual(s.submit(), { kind: 'ended', ending: declined });
  });
});

describe('FormSession: restored drafts', () => {
  it('says a draft was restored and no longer marks restored fields as defaults', () => {
    const s = session(profile, {}, { age: 44, name: 'Ada' });
    assert.equal(s.restored, true);
    assert.equal(s.value('age'), 44);
    assert.equal(s.isDefault('age'), false);
  });

  it('restores a draft later, keeping only field values', () => {
    const s = session(profile, { widgets: true });
    s.restore({ age: 50, name: 'Ada', bogus: 'x' });
    assert.equal(s.restored, true);
    assert.equal(s.text('age'), '50');
    assert.equal(s.isDefault('age'), false);
    assert.equal(s.isTouched('age'), false);
    assert.deepEqual(s.draft(), { name: 'Ada', age: 50 });
  });
});
