import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadAnswersFile } from '../../../src/frontends/scripted/index.js';
import { controlIn } from '../../helpers/controls.js';

function problems(text: string): string[] {
  const result = loadAnswersFile(text);
  assert.equal(result.ok, false);
  return result.ok ? [] : result.issues.map((issue) => issue.message);
}

describe('loadAnswersFile', () => {
  it('reads an array of answers with action, content and when', () => {
    const result = loadAnswersFile(
      JSON.stringify([
        {
          action: 'accept',
          content: { name: 'Ada', age: 36, subscribe: true, tags: ['a', 'b'] },
          when: 'profile',
        },
        { action: 'decline' },
        { action: 'cancel', when: 'payment' },
      ]),
    );
    assert.deepEqual(result, {
      ok: true,
      value: [
        {
          action: 'accept',
          content: { name: 'Ada', age: 36, subscribe: true, tags: ['a', 'b'] },
          when: 'profile',
        },
        { action: 'decline' },
        { action: 'cancel', when: 'payment' },
      ],
    });
  });

  it('reports text that is not JSON', () => {
    assert.match(problems('[{"action": "accept",]')[0] ?? '', /^answers file is not valid JSON: /);
  });

  it('requires a top-level array', () => {
    assert.deepEqual(problems('{"action": "accept"}'), [
      'answers file must hold a JSON array of answers, got an object',
    ]);
  });

  it('names the entry index and the problem for every bad entry', () => {
    const messages = problems(
      JSON.stringify([
        { action: 'accept' },
        { action: 'yes' },
        'accept',
        { action: 'accept', content: [] },
        { action: 'accept', content: { age: null, tags: [1], ok: 'fine' } },
        { action: 'decline', content: { a: 'b' } },
        { action: 'accept', when: 3 },
        { action: 'accept', wen: 'typo' },
      ]),
    );
    assert.deepEqual(messages, [
      'answers[1].action: must be one of accept, decline, cancel, got "yes"',
      'answers[2]: must be an object like {"action": "accept"}, got a string',
      'answers[3].content: must be an object of field values, got an array',
      'answers[4].content.age: must be a string, a finite number, a boolean, an array of strings or {"$env": "NAME"}, got null',
      'answers[4].content.tags: must be a string, a finite number, a boolean, an array of strings or {"$env": "NAME"}, got an array',
      'answers[5].content: only an "accept" answer carries content',
      'answers[6].when: must be a non-empty string, got 3',
      'answers[7]: unknown key "wen" (allowed: action, content, when, mode, tool, fields, supply)',
    ]);
  });

  it('rejects an entry without an action and an empty when', () => {
    assert.deepEqual(problems('[{"when": ""}]'), [
      'answers[0].action: must be one of accept, decline, cancel, got nothing',
      'answers[0].when: must be a non-empty string, got ""',
    ]);
  });

  it('cleans names and text from the file before quoting them: no terminal escape reaches a message', () => {
    const hostile = '\u001b]0;owned\u0007\u001b[2J\u202eevil\u009b31m';
    const messages = problems(
      JSON.stringify([
        { action: 'accept', [hostile]: 1, content: { [hostile]: { $env: 'x y' } } },
        { action: 'accept', content: { [`${hostile}2`]: { nested: true } } },
        { action: hostile },
      ]),
    );
    assert.equal(messages.length, 4, messages.join('\n'));
    for (const message of messages) {
      assert.equal(controlIn(message), undefined, JSON.stringify(message));
      assert.match(message, /evil/);
    }
    const broken = problems(
      `[{"action": "accept", "${hostile.replaceAll('\u001b', '\\u001b')}": \u001b[31m }]`,
    );
    assert.equal(controlIn(broken[0] ?? ''), undefined, JSON.stringify(broken));
  });

  it('refuses {"$env"} names every object has (constructor, __proto__, toString), naming the field', () => {
    const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
    const messages = problems(
      JSON.stringify([
        { action: 'accept', content: Object.fromEntries(names.map((n) => [`f_${n}`, { $env: n }])) },
      ]),
    );
    assert.deepEqual(
      messages,
      names.map(
        (n) =>
          `answers[0].content.f_${n}: "${n}" is a name every JavaScript object has, not an environment variable this can read`,
      ),
    );
  });
});
