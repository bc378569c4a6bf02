// --record's recorder: what it writes for each outcome, what it leaves out (secrets, URL queries,
// answers no person gave), and that a recording replays through the scripted front-end.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FormAnswer, Renderer, UrlPrompt } from '../../../src/contracts/renderer.js';
import { analyzeUrl } from '../../../src/core/url-safety.js';
import { formEntry, recordingRenderer, urlEntry } from '../../../src/frontends/record/index.js';
import {
  loadAnswersFile,
  type ScriptedAnswer,
  ScriptedRenderer,
} from '../../../src/frontends/scripted/index.js';
import { req } from '../../helpers/req.js';
import { context, enginePrompt } from '../scripted/fixtures.js';

const signIn = enginePrompt(
  {
    type: 'object',
    properties: {
      user: { type: 'string', title: 'User name' },
      pass: { type: 'string', title: 'Password' },
      apiKey: { type: 'string' },
      age: { type: 'integer' },
    },
    required: ['user'],
  },
  'Sign in to the vault',
);

function urlPrompt(url: string, message = 'Connect your account'): UrlPrompt {
  return { kind: 'url', message, url, analysis: analyzeUrl(url) };
}

describe('formEntry', () => {
  it('keeps a field named __proto__ (or constructor, toString) as an own key of the recorded content', () => {
    // JSON, as a server sends it: `__proto__` is a property name here, not the prototype.
    const prompt = enginePrompt(
      JSON.parse(
        '{"type": "object", "properties": {"__proto__": {"type": "string"}, "constructor": {"type": "string"}, "toString": {"type": "string"}}}',
      ),
      'Prototype names',
    );
    const content = JSON.parse('{"__proto__": "p", "constructor": "c", "toString": "t"}');
    const entry = formEntry(prompt, context(), { action: 'accept', content });
    assert.deepEqual(Object.entries(entry?.content ?? {}), [
      ['__proto__', 'p'],
      ['constructor', 'c'],
      ['toString', 't'],
    ]);
    assert.equal(JSON.stringify(entry?.content), '{"__proto__":"p","constructor":"c","toString":"t"}');
  });

  it(req`records an accept with the tool, the field names, the message and the content, leaving out values of secret-looking fields (H-12)`, () => {
    const entry = formEntry(signIn, context(), {
      action: 'accept',
      content: { user: 'ada', pass: 'hunter2', apiKey: 'sk-123', age: 36 },
    });
    assert.deepEqual(entry, {
      action: 'accept',
      mode: 'form',
      tool: 'get_forecast',
      fields: ['user', 'pass', 'apiKey', 'age'],
      when: 'Sign in to the vault',
      content: { user: 'ada', age: 36 },
      supply: ['pass', 'apiKey'],
    });
    assert.doesNotMatch(JSON.stringify(entry), /hunter2|sk-123/);
  });

  it('leaves out a field the schema marks writeOnly, whatever its name', () => {
    const prompt = enginePrompt({
      type: 'object',
      properties: { label: { type: 'string' }, value: { type: 'string', writeOnly: true } },
    });
    const entry = formEntry(prompt, context(), {
      action: 'accept',
      content: { label: 'prod', value: 'xyz' },
    });
    assert.deepEqual([entry?.content, entry?.supply], [{ label: 'prod' }, ['value']]);
  });

  it('records a secret-looking field left empty as nothing to supply', () => {
    const entry = formEntry(signIn, context(), { action: 'accept', content: { user: 'ada' } });
    assert.equal(entry?.supply, undefined);
    assert.deepEqual(entry?.content, { user: 'ada' });
  });

  it('records a decline and a dismissal without content, and nothing for a cancel no person chose', () => {
    assert.deepEqual(formEntry(signIn, context(), { action: 'decline' }), {
      action: 'decline',
      mode: 'form',
      tool: 'get_forecast',
      fields: ['user', 'pass', 'apiKey', 'age'],
      when: 'Sign in to the vault',
    });
    assert.equal(formEntry(signIn, context(), { action: 'cancel', reason: 'dismissed' })?.action, 'cancel');
    for (const reason of ['timeout', 'server-cancelled', 'connection-closed', 'rate-limited'] as const)
      assert.equal(formEntry(signIn, context(), { action: 'cancel', reason }), undefined, reason);
  });

  it('keeps the opening of a long message as its when, and no when or tool when there is none', () => {
    const long = enginePrompt({ type: 'object', properties: {} }, `${'é'.repeat(200)} end`);
    const entry = formEntry(long, context({ request: { method: 'tools/call' } }), { action: 'decline' });
    assert.equal(entry?.when, 'é'.repeat(160));
    assert.equal(entry?.tool, undefined);
    const blank = enginePrompt({ type: 'object', properties: {} }, '  ');
    assert.equal(formEntry(blank, context(), { action: 'decline' })?.when, undefined);
  });
});

describe('urlEntry', () => {
  it(req`records the decision and the message, never the URL or its query string (H-12)`, () => {
    const prompt = urlPrompt('https://example.com/oauth?state=s3cret&code=abc');
    const entry = urlEntry(prompt, context(), { action: 'accept' });
    assert.deepEqual(entry, {
      action: 'accept',
      mode: 'url',
      tool: 'get_forecast',
      when: 'Connect your account',
    });
  });

  it('falls back to the URL before its query when the message is empty, and to nothing with user-info', () => {
    assert.equal(
      urlEntry(urlPrompt('https://example.com/oauth?state=s3cret', ''), context(), { action: 'decline' })
        ?.when,
      'https://example.com/oauth',
    );
    assert.equal(
      urlEntry(urlPrompt('https://u:pw@example.com/x', ''), context(), { action: 'accept' }),
      undefined,
    );
  });
});

describe('recordingRenderer', () => {
  function answering(outcomes: FormAnswer[]): Renderer {
    return {
      name: 'plain',
      interactive: true,
      form: async () => outcomes.shift() ?? { outcome: { action: 'cancel', reason: 'dismissed' } },
      notice: () => {},
    };
  }

  it('passes answers through unchanged, keeps the front-end name, and saves every entry so far after each', async () => {
    const saved: (readonly ScriptedAnswer[])[] = [];
    const renderer = recordingRenderer(
      answering([
        { outcome: { action: 'accept', content: { user: 'ada' } } },
        { outcome: { action: 'decline' } },
      ]),
      { save: (entries) => saved.push(entries) },
    );
    assert.equal(renderer.name, 'plain');
    assert.equal(renderer.interactive, true);
    assert.equal(renderer.url, undefined, 'a front-end without URL mode stays without it');
    assert.equal(typeof renderer.notice, 'function');
    assert.deepEqual((await renderer.form(signIn, context())).outcome, {
      action: 'accept',
      content: { user: 'ada' },
    });
    await renderer.form(signIn, context());
    assert.deepEqual(
      saved.map((entries) => entries.map((entry) => entry.action)),
      [['accept'], ['accept', 'decline']],
    );
  });

  it('records nothing for a request the server withdrew while the person answered', async () => {
    const saved: (readonly ScriptedAnswer[])[] = [];
    const renderer = recordingRenderer(answering([{ outcome: { action: 'decline' } }]), {
      save: (entries) => saved.push(entries),
    });
    await renderer.form(signIn, context({ signal: AbortSignal.abort() }));
    assert.deepEqual(saved, []);
  });

  it('writes entries that the answers-file loader accepts and the scripted front-end replays to the same content', async () => {
    let file: readonly ScriptedAnswer[] = [];
    const recorder = recordingRenderer(
      answering([{ outcome: { action: 'accept', content: { user: 'ada', pass: 'hunter2', age: 36 } } }]),
      { save: (entries) => (file = entries) },
    );
    await recorder.form(signIn, context());
    const loaded = loadAnswersFile(JSON.stringify(file));
    assert.ok(loaded.ok);
    const replay = new ScriptedRenderer({ answers: loaded.value, sets: { pass: 'hunter2' } });
    assert.deepEqual((await replay.form(signIn, context())).outcome, {
      action: 'accept',
      content: { user: 'ada', pass: 'hunter2', age: 36 },
    });
  });
});
