import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { UrlPrompt } from '../../../src/contracts/renderer.js';
import { analyzeUrl, type UrlAnalysis } from '../../../src/core/url-safety.js';
import { type ScriptedOptions, ScriptedRenderer } from '../../../src/frontends/scripted/index.js';
import { req } from '../../helpers/req.js';
import {
  ageField,
  colourField,
  context,
  enginePrompt,
  formPrompt,
  model,
  nameField,
  profileSchema,
  subscribeField,
  toppingsField,
} from './fixtures.js';

const person = model([nameField, ageField]);
const everyKind = model([nameField, ageField, subscribeField, colourField, toppingsField]);

function scripted(options: Omit<ScriptedOptions, 'log'> = {}): {
  renderer: ScriptedRenderer;
  logs: string[];
} {
  const logs: string[] = [];
  return { renderer: new ScriptedRenderer({ ...options, log: (line) => logs.push(line) }), logs };
}

function urlPrompt(extra: Partial<UrlAnalysis> = {}, message = 'Sign in to GitHub'): UrlPrompt {
  const analysis: UrlAnalysis = {
    allowed: true,
    href: 'https://github.com/login/oauth?x=1',
    scheme: 'https:',
    asciiHost: 'github.com',
    unicodeHost: 'github.com',
    registrableDomain: 'github.com',
    warnings: [],
    ...extra,
  };
  return { kind: 'url', message, url: analysis.href, analysis, elicitationId: 'id-1' };
}

describe('ScriptedRenderer forms', () => {
  it('is a non-interactive renderer named scripted', () => {
    const { renderer } = scripted();
    assert.equal(renderer.name, 'scripted');
    assert.equal(renderer.interactive, false);
  });

  it('uses answers in order, one per elicitation', async () => {
    const { renderer } = scripted({
      answers: [
        { action: 'accept', content: { name: 'Ada' } },
        { action: 'decline' },
        { action: 'accept', content: { name: 'Cy' } },
      ],
    });
    assert.deepEqual((await renderer.form(formPrompt(person), context())).outcome, {
      action: 'accept',
      content: { name: 'Ada', age: 30 },
    });
    assert.deepEqual((await renderer.form(formPrompt(person), context())).outcome, { action: 'decline' });
    assert.deepEqual((await renderer.form(formPrompt(person), context())).outcome, {
      action: 'accept',
      content: { name: 'Cy', age: 30 },
    });
  });

  it('takes the first unused answer whose when is part of the message, or that has no when', async () => {
    const { renderer } = scripted({
      answers: [
        { action: 'accept', when: 'shipping', content: { name: 'Ship' } },
        { action: 'accept', content: { name: 'Any' } },
        { action: 'accept', when: 'billing', content: { name: 'Bill' } },
      ],
    });
    const billing = await renderer.form(formPrompt(person, 'Your billing address'), context());
    assert.deepEqual(billing.outcome, { action: 'accept', content: { name: 'Any', age: 30 } });
    const billingAgain = await renderer.form(formPrompt(person, 'Your billing address'), context());
    assert.deepEqual(billingAgain.outcome, { action: 'accept', content: { name: 'Bill', age: 30 } });
    const shipping = await renderer.form(formPrompt(person, 'Your shipping address'), context());
    assert.deepEqual(shipping.outcome, { action: 'accept', content: { name: 'Ship', age: 30 } });
  });

  it(req`answers cancel (no-answer), never decline, when no answer applies, and logs why (C-16)`, async () => {
    const { renderer, logs } = scripted({
      answers: [{ action: 'accept', when: 'other', content: { name: 'Ada' } }],
    });
    const answer = await renderer.form(formPrompt(person, 'Who are you?'), context());
    assert.equal(answer.outcome.action, 'cancel');
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'no-answer');
    assert.equal(logs.length, 1);
    assert.match(
      logs[0] ?? '',
      /^\[scripted\] weather asks "Who are you\?": cancel \(no-answer\): no scripted answer applies/,
    );
  });

  it('answers cancel (no-answer) with no options at all', async () => {
    const { renderer } = scripted();
    const answer = await renderer.form(formPrompt(person), context());
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'no-answer');
  });

  it(req`fails closed: an answer that does not validate becomes cancel (invalid-answer) with the issues logged (C-31)`, async () => {
    const { renderer, logs } = scripted({
      answers: [{ action: 'accept', content: { name: 'Ada', age: 300 } }],
    });
    const answer = await renderer.form(formPrompt(person), context());
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'invalid-answer');
    assert.match(
      logs[0] ?? '',
      /cancel \(invalid-answer\): answers\[0\] does not fit the form: Age must be at most 120\./,
    );
    assert.match(
      answer.outcome.action === 'cancel' ? (answer.outcome.detail ?? '') : '',
      /Age must be at most 120/,
    );
  });

  it(req`works with the engine: sets over real defaults pass, a bad date fails closed (C-31)`, async () => {
    const ok = scripted({ sets: { name: 'Ada', tags: 'a,b', when: '2024-05-31' } });
    assert.deepEqual((await ok.renderer.form(enginePrompt(profileSchema), context())).outcome, {
      action: 'accept',
      content: { name: 'Ada', age: 30, tags: ['a', 'b'], when: '2024-05-31' },
    });
    const bad = scripted({ sets: { name: 'Ada', when: '31/05/2024' } });
    const answer = await bad.renderer.form(enginePrompt(profileSchema), context());
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'invalid-answer');
    assert.match(bad.logs[0] ?? '', /Date must be a valid date/);
  });

  it(req`fails closed on content naming a field the form does not have (E-21)`, async () => {
    const { renderer, logs } = scripted({
      answers: [{ action: 'accept', content: { name: 'Ada', nmae: 'x' } }],
    });
    const answer = await renderer.form(formPrompt(person), context());
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'invalid-answer');
    assert.match(logs[0] ?? '', /answers\[0\] names "nmae", which is not a field of this form/);
  });

  it('fails closed on content values of the wrong JSON type', async () => {
    const { renderer } = scripted({ answers: [{ action: 'accept', content: { name: { first: 'Ada' } } }] });
    const answer = await renderer.form(formPrompt(person), context());
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'invalid-answer');
  });

  it('accepts with the defaults on acceptDefaults, and cancels when the defaults do not satisfy the form', async () => {
    const optional = model([ageField, subscribeField]);
    const { renderer } = scripted({ acceptDefaults: true });
    assert.deepEqual((await renderer.form(formPrompt(optional), context())).outcome, {
      action: 'accept',
      content: { age: 30 },
    });
    const missing = await renderer.form(formPrompt(person), context());
    assert.equal(missing.outcome.action === 'cancel' && missing.outcome.reason, 'invalid-answer');
  });

  it('parses sets by field type, comma-separated for multi-select, and lets sets alone imply accept', async () => {
    const { renderer } = scripted({
      sets: { name: 'Ada', age: '41', subscribe: 'yes', colour: 'green', toppings: 'ham, olive' },
    });
    const answer = await renderer.form(formPrompt(everyKind), context());
    assert.deepEqual(answer.outcome, {
      action: 'accept',
      content: { name: 'Ada', age: 41, subscribe: true, colour: 'g', toppings: ['ham', 'olive'] },
    });
  });

  it('applies sets to every form with that field and ignores them in forms without it', async () => {
    const { renderer } = scripted({ sets: { name: 'Ada', colour: 'r' } });
    const first = await renderer.form(formPrompt(person), context());
    const second = await renderer.form(formPrompt(model([nameField, subscribeField])), context());
    assert.deepEqual(first.outcome, { action: 'accept', content: { name: 'Ada', age: 30 } });
    assert.deepEqual(second.outcome, { action: 'accept', content: { name: 'Ada' } });
  });

  it('empties a defaulted field with an empty set value', async () => {
    const { renderer } = scripted({ sets: { name: 'Ada', age: '' } });
    assert.deepEqual((await renderer.form(formPrompt(person), context())).outcome, {
      action: 'accept',
      content: { name: 'Ada' },
    });
  });

  it('cancels (invalid-answer) when a set value does not parse, naming the flag and the accepted forms', async () => {
    const { renderer, logs } = scripted({ sets: { name: 'Ada', age: '1,5' } });
    const answer = await renderer.form(formPrompt(person), context());
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'invalid-answer');
    assert.match(logs[0] ?? '', /--set age: Age: "1,5" is not a number\. Type a whole number such as 42\./);
  });

  it('merges answer content over sets over defaults', async () => {
    const { renderer } = scripted({
      sets: { name: 'FromSet', age: '50' },
      answers: [{ action: 'accept', content: { name: 'FromAnswer' } }],
    });
    assert.deepEqual((await renderer.form(formPrompt(person), context())).outcome, {
      action: 'accept',
      content: { name: 'FromAnswer', age: 50 },
    });
    // With an answers file, sets only overlay answers: once they run out, no-answer.
    const next = await renderer.form(formPrompt(person), context());
    assert.equal(next.outcome.action === 'cancel' && next.outcome.reason, 'no-answer');
  });

  it('answers every elicitation with decline or cancel under those policies', async () => {
    const declining = scripted({ decline: true, answers: [{ action: 'accept', content: { name: 'Ada' } }] });
    assert.deepEqual((await declining.renderer.form(formPrompt(person), context())).outcome, {
      action: 'decline',
    });
    const cancelling = scripted({ cancel: true, acceptDefaults: true });
    const answer = await cancelling.renderer.form(formPrompt(person), context());
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'scripted-cancel');
    assert.match(cancelling.logs[0] ?? '', /cancel \(--cancel\)/);
  });

  it('reports an answer entry that says cancel as scripted-cancel, not as a person dismissing it', async () => {
    const { renderer } = scripted({ answers: [{ action: 'cancel' }] });
    const answer = await renderer.form(formPrompt(person), context());
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'scripted-cancel');
  });

  it(req`cancels an unsatisfiable form instead of accepting it (E-14)`, async () => {
    const { renderer } = scripted({ acceptDefaults: true });
    const answer = await renderer.form(formPrompt(model([toppingsField], false)), context());
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'unsatisfiable');
  });

  it('answers an already withdrawn request as server-cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const { renderer } = scripted({ acceptDefaults: true });
    const answer = await renderer.form(formPrompt(person), context({ signal: controller.signal }));
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'server-cancelled');
  });

  it('logs field names, not the values a person would consider private', async () => {
    const { renderer, logs } = scripted({ sets: { name: 'Secret Name' } });
    await renderer.form(formPrompt(person), context());
    assert.match(logs[0] ?? '', /accept \(defaults\): name, age$/);
    assert.ok(!logs.join('\n').includes('Secret Name'));
  });

  it(req`keeps server text inert in its log lines (H-07)`, async () => {
    const { renderer, logs } = scripted();
    await renderer.form(
      formPrompt(person, 'Hi\u001b[2J\u001b]0;x\u0007'),
      context({ server: { label: 'evil\u001b[31m' } }),
    );
    assert.ok(!logs.join('').includes('\u001b'));
    assert.match(logs[0] ?? '', /^\[scripted\] evil asks "Hi":/);
  });

  it('keeps a "__proto__" field an own key of the content', async () => {
    const odd = model([{ kind: 'text', name: '__proto__', label: 'Odd', required: true }]);
    const { renderer } = scripted({ sets: JSON.parse('{"__proto__": "x"}') as Record<string, string> });
    const answer = await renderer.form(formPrompt(odd), context());
    assert.equal(answer.outcome.action, 'accept');
    if (answer.outcome.action === 'accept') {
      assert.ok(Object.hasOwn(answer.outcome.content, '__proto__'));
      assert.equal(Object.getPrototypeOf(answer.outcome.content), Object.prototype);
    }
  });
});

describe('ScriptedRenderer URL mode', () => {
  it(req`cancels by default (no-answer) and logs the URL (C-25)`, async () => {
    const { renderer, logs } = scripted({ acceptDefaults: true, answers: [{ action: 'accept' }] });
    const answer = await renderer.url(urlPrompt(), context());
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'no-answer');
    assert.match(logs[0] ?? '', /cancel \(no-answer\).*\[URL https:\/\/github\.com\/login\/oauth\?x=1\]/);
  });

  it('consents with openUrls', async () => {
    const { renderer } = scripted({ openUrls: true });
    assert.deepEqual((await renderer.url(urlPrompt(), context())).outcome, { action: 'accept' });
  });

  it('consents with an accept answer whose when matches the message or the URL', async () => {
    const { renderer } = scripted({
      answers: [
        { action: 'accept', when: 'github.com/login' },
        { action: 'decline', when: 'Sign in' },
      ],
    });
    assert.deepEqual((await renderer.url(urlPrompt(), context())).outcome, { action: 'accept' });
    assert.deepEqual((await renderer.url(urlPrompt(), context())).outcome, { action: 'decline' });
  });

  it(req`never consents to a URL the safety check refused, even with openUrls (C-25, E-24)`, async () => {
    const { renderer, logs } = scripted({ openUrls: true });
    const answer = await renderer.url(
      urlPrompt({ allowed: false, refusal: 'javascript: is not a web address' }),
      context(),
    );
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'unsafe-url');
    assert.match(logs[0] ?? '', /refused by the URL safety check: javascript: is not a web address/);
  });

  describe('deceptive URLs (issue 12 #6)', () => {
    const real = (url: string): UrlPrompt => ({
      kind: 'url',
      message: 'Open this',
      url,
      analysis: analyzeUrl(url),
      elicitationId: 'id-2',
    });
    const deceptive = [
      ['user-info', 'https://accounts.example.com@evil.example/login', 'userinfo'],
      ['look-alike host', 'https://xn--pypal-4ve.com/', 'mixed-script'],
      ['international host', 'https://xn--pypal-vqa.com/', 'punycode'],
      ['raw IP host', 'https://93.184.216.34/pay', 'ip-host'],
      ['raw IP in an odd form', 'https://0x5d.184.216.34/', 'ip-host'],
      ['heavy encoding', `https://example.com/${'%41'.repeat(20)}`, 'heavily-encoded'],
    ] as const;
    for (const [name, url, code] of deceptive) {
      it(`deceptive-url.open-urls-refuses-a-${name.replaceAll(' ', '-')}-url`, async () => {
        const { renderer, logs } = scripted({ openUrls: true });
        const answer = await renderer.url(real(url), context());
        assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'unsafe-url');
        assert.ok(
          logs.some((line) => line.startsWith(`[scripted] URL warning (${code}): `)),
          logs.join('\n'),
        );
        assert.match(logs.at(-1) ?? '', /cancel \(unsafe-url\): not opened unattended/);
        const allowed = scripted({ openUrls: true, allowDeceptiveUrls: true });
        assert.deepEqual((await allowed.renderer.url(real(url), context())).outcome, { action: 'accept' });
        assert.ok(
          allowed.logs.some((line) => line.includes(`URL warning (${code})`)),
          'still printed',
        );
      });
    }

    it('opens loopback and ordinary URLs, printing their other warnings', async () => {
      const { renderer, logs } = scripted({ openUrls: true });
      for (const url of ['http://127.0.0.1:8080/cb', 'https://[::1]/', 'https://example.com/?token=x']) {
        assert.deepEqual((await renderer.url(real(url), context())).outcome, { action: 'accept' }, url);
      }
      assert.ok(logs.some((line) => line.includes('URL warning (http-loopback)')));
      assert.ok(logs.some((line) => line.includes('URL warning (sensitive-query)')));
    });

    it('prints the warnings of a URL it was not told to open', async () => {
      const { renderer, logs } = scripted();
      const answer = await renderer.url(real('https://accounts.example.com@evil.example/'), context());
      assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'no-answer');
      assert.ok(logs.some((line) => line.includes('URL warning (userinfo)')));
    });
  });

  it('declines and cancels URLs under those policies', async () => {
    assert.deepEqual((await scripted({ decline: true }).renderer.url(urlPrompt(), context())).outcome, {
      action: 'decline',
    });
    const cancel = await scripted({ cancel: true, openUrls: true }).renderer.url(urlPrompt(), context());
    assert.equal(cancel.outcome.action, 'cancel');
  });
});

describe('ScriptedRenderer notices', () => {
  it('logs notices as one sanitized line', () => {
    const { renderer, logs } = scripted();
    renderer.notice({ kind: 'rejected', server: { label: 'srv' }, message: 'bad\nrequest\u001b[2J' });
    assert.deepEqual(logs, ['[scripted] srv: rejected: bad request']);
  });
});

describe('ScriptedRenderer cancel reasons', () => {
  it('gives each way a script ends in cancel its own reason, so a report says what happened', async () => {
    const withdrawn = new AbortController();
    withdrawn.abort();
    const cases: [string, Promise<{ outcome: { action: string; reason?: string } }>][] = [
      ['scripted-cancel', scripted({ cancel: true }).renderer.form(formPrompt(person), context())],
      [
        'scripted-cancel',
        scripted({ answers: [{ action: 'cancel', when: 'GitHub' }] }).renderer.url(urlPrompt(), context()),
      ],
      ['no-answer', scripted().renderer.form(formPrompt(person), context())],
      ['no-answer', scripted().renderer.url(urlPrompt(), context())],
      [
        'invalid-answer',
        scripted({ answers: [{ action: 'accept', content: { age: 300 } }] }).renderer.form(
          formPrompt(person),
          context(),
        ),
      ],
      [
        'unsatisfiable',
        scripted({ acceptDefaults: true }).renderer.form(
          formPrompt(model([toppingsField], false)),
          context(),
        ),
      ],
      [
        'unsafe-url',
        scripted({ openUrls: true }).renderer.url(urlPrompt({ allowed: false, refusal: 'no' }), context()),
      ],
      [
        'server-cancelled',
        scripted({ cancel: true }).renderer.form(formPrompt(person), context({ signal: withdrawn.signal })),
      ],
    ];
    for (const [index, [reason, answer]] of cases.entries())
      assert.equal((await answer).outcome.reason, reason, `case ${index}`);
  });
});
