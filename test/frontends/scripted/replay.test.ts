// Replaying a recorded answers file: entries match by mode, tool and field names as well as by
// message; a changed form is reported with what changed; left-out secrets come from --set or the
// environment, and their absence is named before and during a run.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  loadAnswersFile,
  replayGaps,
  type ScriptedAnswer,
  ScriptedRenderer,
} from '../../../src/frontends/scripted/index.js';
import { req } from '../../helpers/req.js';
import { context, enginePrompt } from './fixtures.js';

const schema = {
  type: 'object',
  properties: { user: { type: 'string' }, pin: { type: 'integer', title: 'PIN' } },
  required: ['user'],
};
const signIn = enginePrompt(schema, 'Sign in');
const recorded: ScriptedAnswer = {
  action: 'accept',
  mode: 'form',
  tool: 'get_forecast',
  fields: ['user', 'pin'],
  when: 'Sign in',
  content: { user: 'ada' },
  supply: ['pin'],
};

function replay(
  answers: ScriptedAnswer[],
  extra: { sets?: Record<string, string>; env?: Record<string, string>; allowEnv?: string[] } = {},
) {
  const logs: string[] = [];
  const renderer = new ScriptedRenderer({ answers, ...extra, log: (line) => logs.push(line) });
  return { renderer, logs };
}

describe('answers file matchers', () => {
  it('loads mode, tool, fields, supply and {"$env"} values, and reports bad ones by entry', () => {
    const good = loadAnswersFile(
      JSON.stringify([{ ...recorded, content: { user: 'ada', pin: { $env: 'PIN' } } }]),
    );
    assert.ok(good.ok);
    const bad = loadAnswersFile(
      JSON.stringify([
        { action: 'accept', mode: 'popup', tool: '', fields: 'user' },
        { action: 'decline', supply: ['pin'], fields: ['a', 'a'] },
        { action: 'accept', mode: 'url', fields: [] },
        { action: 'accept', content: { pin: { $env: 'not a name' }, other: { $env: 'X', more: 1 } } },
      ]),
    );
    assert.deepEqual(bad.ok ? [] : bad.issues.map((issue) => issue.message), [
      'answers[0].tool: must be a non-empty string, got ""',
      'answers[0].mode: must be "form" or "url", got "popup"',
      'answers[0].fields: must be an array of field names, got "user"',
      'answers[1].fields: names a field twice',
      'answers[1].supply: only an "accept" answer supplies values',
      'answers[2].fields: a URL-mode entry has no fields',
      'answers[3].content.pin: an environment reference is {"$env": "NAME"} with a variable name',
      'answers[3].content.other: an environment reference is {"$env": "NAME"} with a variable name',
    ]);
  });

  it('applies an entry only to the same tool, the same field names (in any order) and the same mode', async () => {
    const other = enginePrompt(
      { ...schema, properties: { pin: schema.properties.pin, user: schema.properties.user } },
      'Sign in',
    );
    const entry: ScriptedAnswer = { ...recorded, supply: [], content: { user: 'ada', pin: 1234 } };
    assert.equal((await replay([entry]).renderer.form(other, context())).outcome.action, 'accept');
    const wrongTool = context({ request: { method: 'tools/call', name: 'other_tool' } });
    assert.equal((await replay([entry]).renderer.form(signIn, wrongTool)).outcome.action, 'cancel');
    const urlOnly: ScriptedAnswer = { action: 'decline', mode: 'url', when: 'Sign in' };
    assert.equal((await replay([urlOnly]).renderer.form(signIn, context())).outcome.action, 'cancel');
  });

  it(req`reports a form whose fields changed: no-answer, the field names, and what is new and gone (H-13)`, async () => {
    const changed = enginePrompt(
      { type: 'object', properties: { user: { type: 'string' }, otp: { type: 'string' } } },
      'Sign in',
    );
    const { renderer, logs } = replay([recorded], { sets: { pin: '1' } });
    const answer = await renderer.form(changed, context());
    assert.deepEqual(
      { action: answer.outcome.action, reason: 'reason' in answer.outcome && answer.outcome.reason },
      { action: 'cancel', reason: 'no-answer' },
    );
    assert.match(
      logs.join('\n'),
      /asks "Sign in": cancel \(no-answer\): no scripted answer applies: no answers entry matched this form \(fields: user, otp\); answers\[0\] expects fields user, pin; new here: otp; gone: pin/,
    );
  });
});

describe('values a recording left out', () => {
  it('takes a left-out value from --set, parsed by the field type', async () => {
    const answer = await replay([recorded], { sets: { pin: '1234' } }).renderer.form(signIn, context());
    assert.deepEqual(answer.outcome, { action: 'accept', content: { user: 'ada', pin: 1234 } });
  });

  it('takes a {"$env"} value from the environment, parsed by the field type', async () => {
    const entry = { ...recorded, content: { user: 'ada', pin: { $env: 'VAULT_PIN' } } };
    const { renderer, logs } = replay([entry], { env: { VAULT_PIN: '987' }, allowEnv: ['VAULT_PIN'] });
    const answer = await renderer.form(signIn, context());
    assert.deepEqual(answer.outcome, { action: 'accept', content: { user: 'ada', pin: 987 } });
    assert.match(logs.join('\n'), /answers\[0\]\.content\.pin: read from the environment variable VAULT_PIN/);
    assert.doesNotMatch(logs.join('\n'), /987/);
  });

  it('reads no variable the person did not allow: a shared file naming one under an innocent field cancels, value unread', async () => {
    const entry: ScriptedAnswer = { action: 'accept', content: { user: { $env: 'AWS_SECRET_ACCESS_KEY' } } };
    const env = { AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI', VAULT_PIN: '1' };
    for (const allowEnv of [undefined, ['VAULT_PIN']]) {
      const { renderer, logs } = replay([entry], { env, ...(allowEnv && { allowEnv }) });
      const answer = await renderer.form(signIn, context());
      assert.equal('reason' in answer.outcome && answer.outcome.reason, 'invalid-answer');
      assert.match(
        logs.join('\n'),
        /answers\[0\]\.content\.user reads the environment variable AWS_SECRET_ACCESS_KEY, which --allow-env does not allow/,
      );
      assert.doesNotMatch(JSON.stringify(answer), /wJalrXUtnFEMI/);
      assert.deepEqual(replayGaps([entry], new Map(), env, allowEnv), [
        'answers[0].content.user reads the environment variable AWS_SECRET_ACCESS_KEY, which --allow-env does not allow: give --allow-env AWS_SECRET_ACCESS_KEY if this file may send it to the server',
      ]);
    }
  });

  it('cancels (invalid-answer) naming the field and both ways to give it when nothing supplies it', async () => {
    const { renderer, logs } = replay([recorded]);
    const answer = await renderer.form(signIn, context());
    assert.equal('reason' in answer.outcome && answer.outcome.reason, 'invalid-answer');
    assert.match(
      logs.join('\n'),
      /answers\[0\] needs a value for pin .*--set pin=\.\.\. or put \{"\$env": "NAME"\}/,
    );
  });

  it('cancels (invalid-answer) when a {"$env"} variable is unset, naming it', async () => {
    const entry = { ...recorded, content: { user: 'ada', pin: { $env: 'VAULT_PIN' } } };
    const { renderer, logs } = replay([entry], { allowEnv: ['VAULT_PIN'] });
    assert.equal((await renderer.form(signIn, context())).outcome.action, 'cancel');
    assert.match(logs.join('\n'), /environment variable VAULT_PIN, which is not set/);
  });

  it(req`lists every gap before a run: unsupplied fields and unset variables, and none once given (H-12)`, () => {
    const entries: ScriptedAnswer[] = [
      recorded,
      { action: 'accept', content: { pin: { $env: 'VAULT_PIN' } } },
    ];
    assert.deepEqual(replayGaps(entries, new Map(), {}, ['VAULT_PIN']), [
      'answers[0] needs a value for pin (left out of the recording as sensitive): give --set pin=... or put {"$env": "NAME"} for it in the entry\'s content (with --allow-env NAME).',
      'answers[1].content.pin reads the environment variable VAULT_PIN, which is not set',
    ]);
    assert.deepEqual(replayGaps(entries, new Map([['pin', '1']]), { VAULT_PIN: '2' }, ['VAULT_PIN']), []);
  });

  it('never reads a prototype name from the environment: {"$env": "constructor"} given directly cancels, naming the field', async () => {
    for (const name of ['constructor', 'toString', '__proto__']) {
      const entry = { ...recorded, supply: [], content: { user: { $env: name } } };
      const { renderer, logs } = replay([entry], { env: process.env as Record<string, string> });
      const answer = await renderer.form(signIn, context());
      assert.equal('reason' in answer.outcome && answer.outcome.reason, 'invalid-answer', name);
      assert.match(logs.join('\n'), /answers\[0\] gives "user" a value that is not a field value/);
    }
  });
});
