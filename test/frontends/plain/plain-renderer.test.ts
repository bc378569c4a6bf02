import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import type { FormPrompt, UrlPrompt } from '../../../src/contracts/renderer.js';
import type { Field } from '../../../src/core/form-model.js';
import { HostGaveUp } from '../../../src/core/prompt-ending.js';
import type { UrlAnalysis } from '../../../src/core/url-safety.js';
import { PlainRenderer } from '../../../src/frontends/plain/index.js';
import { req } from '../../helpers/req.js';
import {
  ageField,
  colourField,
  context,
  dateField,
  enginePrompt,
  formPrompt,
  model,
  nameField,
  profileSchema,
  subscribeField,
  toppingsField,
} from '../scripted/fixtures.js';
import { harness } from './harness.js';

const everyKind = model([nameField, ageField, subscribeField, colourField, toppingsField, dateField]);

function noEscapes(text: string): void {
  for (const control of ['\u001b', '\u0007', '\u009b', '\u009d', '\u202e']) {
    assert.ok(!text.includes(control), `output holds U+${control.codePointAt(0)?.toString(16)}`);
  }
}

describe('PlainRenderer forms', () => {
  it(req`names the server, its self-reported name, the request, the queue and the message first (C-01, C-22)`, async () => {
    const h = harness();
    h.type(':cancel');
    await h.renderer.form(formPrompt(model([nameField]), 'Line one\nLine two'), context({ waiting: 2 }));
    const lines = h.output().split('\n');
    assert.equal(lines[0], 'Server: weather, serverInfo name "weather-server" version 1.2.0 (self-reported)');
    assert.equal(lines[1], 'Request: tools/call get_forecast');
    assert.equal(lines[2], '2 more waiting after this one.');
    assert.deepEqual(lines.slice(3, 6), ['Message:', 'Line one', 'Line two']);
    assert.match(lines[6] ?? '', /^Commands: type :decline to decline, :cancel to cancel/);
  });

  it(req`fills every field kind from typed lines and sends the validated content (C-03, C-09)`, async () => {
    const h = harness();
    h.type('Ada', '', 'y', '2', '1,3', '2024-05-31', 's');
    const answer = await h.renderer.form(formPrompt(everyKind), context());
    assert.deepEqual(answer.outcome, {
      action: 'accept',
      content: {
        name: 'Ada',
        age: 30,
        subscribe: true,
        colour: 'g',
        toppings: ['ham', 'olive'],
        when: '2024-05-31',
      },
    });
    const out = h.output();
    assert.match(out, /Field 1 of 6: Name \(required\)\nType: text\.\nRules: at least 2 characters\./);
    assert.match(
      out,
      /Type: number\.\nRules: whole number; from 0 to 120\.\nEnter keeps the default: 30 \(:clear leaves it empty\)/,
    );
    assert.match(out, /Type: yes or no\. Type y or n\.\nEnter leaves it empty\./);
    assert.match(out, /Options:\n1\. Red\n2\. Green\nType the option's number or its text\./);
    assert.match(out, /for example 1,3/);
    assert.match(out, /Type: text, for example 2024-05-31\.\nRules: a date, YYYY-MM-DD\./);
    assert.match(
      out,
      /Review your answers before sending:\n1\. Name: Ada\n2\. Age: 30\n3\. Subscribe: yes\n4\. Colour: Green\n5\. Toppings: ham, olive\n6\. Date: 2024-05-31\n/,
    );
  });

  it(req`works with the engine: parsed schema, defaults and its checker re-ask until the answer fits (C-09, C-31)`, async () => {
    const h = harness();
    h.type('A', 'Ada', '300', '', 'Green', '[]', '2', '2024-13-01', '2024-12-01', 's');
    const answer = await h.renderer.form(enginePrompt(profileSchema), context());
    assert.deepEqual(answer.outcome, {
      action: 'accept',
      content: { name: 'Ada', age: 30, colour: 'g', tags: ['b'], when: '2024-12-01' },
    });
    const out = h.output();
    assert.match(out, /Not accepted: Full name must be at least 2 characters\./);
    assert.match(out, /Not accepted: Age must be at most 120\./);
    assert.match(out, /Not accepted: Tags needs at least 1 choice\./);
    assert.match(out, /Not accepted: Date must be a valid date \(YYYY-MM-DD\)\./);
  });

  it(req`re-asks on unparsable and on out-of-range input, saying why (C-31)`, async () => {
    const h = harness();
    h.type('', 'A', 'Ada', 'abc', '200', '40', 's');
    const answer = await h.renderer.form(formPrompt(model([nameField, ageField])), context());
    assert.deepEqual(answer.outcome, { action: 'accept', content: { name: 'Ada', age: 40 } });
    const out = h.output();
    assert.match(out, /Not accepted: Name is required\.\nTry again\./);
    assert.match(out, /Not accepted: Name must be at least 2 characters\./);
    assert.match(out, /Not accepted: Age: "abc" is not a number\. Type a whole number such as 42\./);
    assert.match(out, /Not accepted: Age must be at most 120\./);
  });

  it(req`lets the person change an answer from the review by its number (C-03)`, async () => {
    const h = harness();
    h.type('Ada', '41', '2', '55', 's');
    const answer = await h.renderer.form(formPrompt(model([nameField, ageField])), context());
    assert.deepEqual(answer.outcome, { action: 'accept', content: { name: 'Ada', age: 55 } });
    const out = h.output();
    assert.match(out, /Enter keeps the current answer: 41/);
    assert.match(out, /2\. Age: 41\n[\s\S]*2\. Age: 55\n/);
  });

  it('Enter at the review does the default the choices line shows: send; with problems the review waits until they are fixed', async () => {
    const h = harness();
    h.type('Ada', '41', '');
    const answer = await h.renderer.form(formPrompt(model([nameField, ageField])), context());
    assert.deepEqual(answer.outcome, { action: 'accept', content: { name: 'Ada', age: 41 } });
    assert.match(h.output(), /s or Enter to send, d to decline, c to cancel\./);
    const fields = model([{ kind: 'text', name: 'email', label: 'Email', required: false }]);
    const base = formPrompt(fields);
    const prompt: FormPrompt = {
      ...base,
      validate: (draft) =>
        draft.email === undefined
          ? { ok: false, issues: [{ code: 'required', message: 'Give an email.' }] }
          : base.validate(draft),
    };
    const invalid = harness();
    invalid.type('', 'a@example.com', '');
    const second = await invalid.renderer.form(prompt, context());
    assert.deepEqual(second.outcome, { action: 'accept', content: { email: 'a@example.com' } });
    assert.match(invalid.output(), /To fix before the review:\nGive an email\./);
    assert.doesNotMatch(invalid.output(), /Not understood/);
  });

  it(req`refuses to send while the form is invalid and lists the readable issues (C-31, E-21)`, async () => {
    const fields = model([
      { kind: 'text', name: 'email', label: 'Email', required: false },
      { kind: 'text', name: 'phone', label: 'Phone', required: false },
    ]);
    const base = formPrompt(fields);
    const prompt: FormPrompt = {
      ...base,
      validate: (draft) =>
        draft.email === undefined && draft.phone === undefined
          ? { ok: false, issues: [{ code: 'required', message: 'Give an email or a phone number.' }] }
          : base.validate(draft),
    };
    const h = harness();
    // Both left empty: the review does not open; the form is asked again from its first field.
    h.type('', '', 'a@example.com', '', 's');
    const answer = await h.renderer.form(prompt, context());
    assert.deepEqual(answer.outcome, { action: 'accept', content: { email: 'a@example.com' } });
    assert.match(h.output(), /To fix before the review:\nGive an email or a phone number\./);
    assert.equal(
      h.output().match(/Review your answers before sending/g)?.length,
      1,
      'reviewed once, when fixed',
    );
  });

  it(req`declines only on an explicit decline, at a field or in the review (C-02, C-16)`, async () => {
    const h = harness();
    h.type('Ada', ':decline', 'Bob', '', 'd');
    const first = await h.renderer.form(formPrompt(model([nameField, ageField])), context());
    assert.deepEqual(first.outcome, { action: 'decline' });
    assert.deepEqual(first.draft, { name: 'Ada', age: 30 });
    const second = await h.renderer.form(formPrompt(model([nameField, ageField])), context());
    assert.deepEqual(second.outcome, { action: 'decline' });
  });

  it(req`cancels on :cancel or c, keeping what was typed (C-16)`, async () => {
    const h = harness();
    h.type('Ada', ':cancel', 'Bob', '', 'c');
    const first = await h.renderer.form(formPrompt(model([nameField, ageField])), context());
    assert.deepEqual(first.outcome, { action: 'cancel', reason: 'dismissed' });
    assert.deepEqual(first.draft, { name: 'Ada', age: 30 });
    const second = await h.renderer.form(formPrompt(model([nameField, ageField])), context());
    assert.deepEqual(second.outcome, { action: 'cancel', reason: 'dismissed' });
    assert.deepEqual(second.draft, { name: 'Bob', age: 30 });
  });

  it(req`treats end of input as cancel, never decline, and returns the typed draft (E-23)`, async () => {
    const h = harness();
    h.type('Ada', '77');
    h.input.end();
    const answer = await h.renderer.form(formPrompt(model([nameField, ageField, subscribeField])), context());
    // Not a terminal: the piped answers ran out (a person's Ctrl-D at a terminal is `dismissed`).
    assert.deepEqual(answer.outcome, { action: 'cancel', reason: 'input-ended' });
    assert.deepEqual(answer.draft, { name: 'Ada', age: 77 });
    assert.match(h.output(), /Input ended; the request was cancelled and nothing was sent\.\n$/);
    assert.doesNotMatch(h.output(), /answers are kept/);
  });

  it('reports the end of input at a terminal (a person pressing Ctrl-D) as dismissed', async () => {
    const input = Object.assign(new PassThrough(), { isTTY: true });
    const renderer = new PlainRenderer({ input, output: new PassThrough() });
    input.end();
    const answer = await renderer.form(formPrompt(model([nameField])), context());
    assert.deepEqual(answer.outcome, { action: 'cancel', reason: 'dismissed' });
  });

  it("closes the prompt as host-gave-up when the proxy's host stopped waiting, as every front-end says it (issue 32)", async () => {
    const h = harness();
    const controller = new AbortController();
    h.type('Ada');
    const pending = h.renderer.form(
      formPrompt(model([nameField, ageField])),
      context({ signal: controller.signal }),
    );
    await h.waitFor(/Field 2 of 2: Age/);
    controller.abort(new HostGaveUp());
    const answer = await pending;
    assert.deepEqual(answer.outcome, { action: 'cancel', reason: 'host-gave-up' });
    assert.deepEqual(answer.draft, { name: 'Ada', age: 30 });
    assert.match(h.output(), /The app that asked stopped waiting/);
    const gone = new AbortController();
    gone.abort(new HostGaveUp());
    const never = await h.renderer.form(formPrompt(model([nameField])), context({ signal: gone.signal }));
    assert.deepEqual(never.outcome, { action: 'cancel', reason: 'host-gave-up' });
  });

  it(req`closes the prompt as server-cancelled when the server aborts mid-form, keeping the draft (X-04, E-38)`, async () => {
    const h = harness();
    const controller = new AbortController();
    h.type('Ada');
    const pending = h.renderer.form(
      formPrompt(model([nameField, ageField])),
      context({ signal: controller.signal }),
    );
    await h.waitFor(/Field 2 of 2: Age/);
    controller.abort();
    const answer = await pending;
    assert.deepEqual(answer.outcome, { action: 'cancel', reason: 'server-cancelled' });
    assert.deepEqual(answer.draft, { name: 'Ada', age: 30 });
    assert.match(h.output(), /The server withdrew this request/);
    // The line typed after the abort belongs to the next prompt; nothing is dropped.
    h.type('a');
    const next = await h.renderer.form(formPrompt(model([])), context());
    assert.deepEqual(next.outcome, { action: 'accept', content: {} });
  });

  it('answers an already aborted request as server-cancelled without asking', async () => {
    const h = harness();
    const controller = new AbortController();
    controller.abort();
    const answer = await h.renderer.form(
      formPrompt(model([nameField])),
      context({ signal: controller.signal }),
    );
    assert.equal(answer.outcome.action, 'cancel');
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'server-cancelled');
    assert.equal(h.output(), '');
  });

  it('keeps lines typed ahead for the next form: a pipe read at once loses nothing', async () => {
    const h = harness();
    h.type('Ada', '', 's', 'Bob', '12', 's');
    h.input.end();
    const first = await h.renderer.form(formPrompt(model([nameField, ageField])), context());
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await h.renderer.form(formPrompt(model([nameField, ageField])), context());
    assert.deepEqual(first.outcome, { action: 'accept', content: { name: 'Ada', age: 30 } });
    assert.deepEqual(second.outcome, { action: 'accept', content: { name: 'Bob', age: 12 } });
  });

  it('runs two forms asked at the same time one after the other, in order', async () => {
    const h = harness();
    h.type('Ada', 's', 'Bob', 's');
    const [first, second] = await Promise.all([
      h.renderer.form(formPrompt(model([nameField])), context()),
      h.renderer.form(formPrompt(model([nameField])), context()),
    ]);
    assert.deepEqual(first.outcome, { action: 'accept', content: { name: 'Ada' } });
    assert.deepEqual(second.outcome, { action: 'accept', content: { name: 'Bob' } });
  });

  it(req`drops a request withdrawn while it waited its turn without showing it or eating input (E-39)`, async () => {
    const h = harness();
    const controller = new AbortController();
    const first = h.renderer.form(formPrompt(model([nameField])), context());
    const second = h.renderer.form(
      formPrompt(model([nameField]), 'Second'),
      context({ signal: controller.signal }),
    );
    const third = h.renderer.form(formPrompt(model([nameField]), 'Third'), context());
    await h.waitFor(/Field 1 of 1/);
    controller.abort();
    h.type('Ada', 's', 'Cy', 's');
    assert.deepEqual((await first).outcome, { action: 'accept', content: { name: 'Ada' } });
    assert.deepEqual((await second).outcome, { action: 'cancel', reason: 'server-cancelled' });
    assert.deepEqual((await third).outcome, { action: 'accept', content: { name: 'Cy' } });
    assert.doesNotMatch(h.output(), /Second/);
  });

  it(req`shows escape sequences and controls in server text inert (H-07)`, async () => {
    const hostile: Field = {
      kind: 'single-select',
      name: 'pick',
      label: 'Pick\u001b]0;pwned\u0007 one',
      description: 'Desc\u001b[2J\u009b31m\nsecond line',
      required: true,
      variant: 'titled',
      options: [{ value: 'x', label: 'Opt\u202eion' }],
    };
    const h = harness();
    h.type(':cancel');
    await h.renderer.form(
      formPrompt(
        model([hostile]),
        'Hello\u001b[31m red\u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007',
      ),
      context({ server: { label: 'srv\u001b[1m', selfName: 'x\u0007' } }),
    );
    const out = h.output();
    noEscapes(out);
    assert.match(out, /Message:\nHello redlink\n/);
    assert.match(out, /Field 1 of 1: Pick one \(required\)/);
    assert.match(out, /Description: Desc\nsecond line\n/);
    assert.match(out, /1\. Option\n/);
  });

  it(req`asks a form without fields as a pure confirmation (E-13)`, async () => {
    const h = harness();
    h.type('x', 'a');
    const answer = await h.renderer.form(formPrompt(model([])), context());
    assert.deepEqual(answer.outcome, { action: 'accept', content: {} });
    assert.match(
      h.output(),
      /This request has no fields; it asks you to confirm\.\nType a to accept, d to decline, c to cancel\./,
    );
  });

  it(req`offers only decline and cancel for an unsatisfiable form (E-14)`, async () => {
    const h = harness();
    h.type('s', 'a', 'd');
    const answer = await h.renderer.form(formPrompt(model([toppingsField], false)), context());
    assert.deepEqual(answer.outcome, { action: 'decline' });
    assert.match(h.output(), /This form cannot be completed[^\n]*\nType d to decline, c to cancel\./);
    assert.doesNotMatch(h.output(), /Field 1 of 1/);
  });

  it('says when earlier answers were restored and offers them as current answers', async () => {
    const h = harness();
    h.type('', '', 's');
    const prompt = formPrompt(model([nameField, ageField]), 'Again', {
      initial: { name: 'Ada', age: 44 },
      restored: true,
    });
    const answer = await h.renderer.form(prompt, context());
    assert.deepEqual(answer.outcome, { action: 'accept', content: { name: 'Ada', age: 44 } });
    assert.match(h.output(), /Your earlier answers to this form were restored\./);
    assert.match(h.output(), /Enter keeps the current answer: Ada/);
  });

  it('enters a literal leading colon with a doubled colon, and reports unknown commands', async () => {
    const h = harness();
    h.type(':nope', ':help', '::-)', 's');
    const answer = await h.renderer.form(formPrompt(model([nameField])), context());
    assert.deepEqual(answer.outcome, { action: 'accept', content: { name: ':-)' } });
    assert.match(h.output(), /Unknown command :nope\. Type :help for the list\./);
    assert.match(h.output(), /:back - go back to the previous field\./);
  });

  it('goes back to the previous field with :back and empties an optional field with :clear', async () => {
    const h = harness();
    h.type('Ada', ':back', 'Bea', ':clear', 's');
    const answer = await h.renderer.form(formPrompt(model([nameField, ageField])), context());
    assert.deepEqual(answer.outcome, { action: 'accept', content: { name: 'Bea' } });
    assert.match(h.output(), /2\. Age: \(empty\)/);
  });

  it(req`warns on a field that looks like a secret and does not echo its value back (S-01)`, async () => {
    const password: Field = { kind: 'text', name: 'password', label: 'Password', required: true };
    const h = harness();
    h.type('hunter22', 's');
    const answer = await h.renderer.form(formPrompt(model([password])), context());
    assert.deepEqual(answer.outcome, { action: 'accept', content: { password: 'hunter22' } });
    assert.match(h.output(), /\nWarning: This field looks like it asks for a password/);
    assert.match(h.output(), /1\. Password: \*{8} \(hidden\)/);
    assert.ok(!h.output().includes('hunter22'));
  });

  it('mutes the server on :mute: cancel, reason muted', async () => {
    const h = harness();
    h.type(':mute');
    const answer = await h.renderer.form(formPrompt(model([nameField])), context());
    assert.deepEqual(answer.outcome, { action: 'cancel', reason: 'muted' });
    assert.equal(answer.muteServer, true);
  });

  it('does not number options that read as numbers, so typing 1 means the option "1"', async () => {
    const numeric: Field = {
      kind: 'single-select',
      name: 'n',
      label: 'N',
      required: true,
      variant: 'untitled',
      options: [
        { value: '2', label: '2' },
        { value: '1', label: '1' },
      ],
    };
    const h = harness();
    h.type('1', 's');
    const answer = await h.renderer.form(formPrompt(model([numeric])), context());
    assert.deepEqual(answer.outcome, { action: 'accept', content: { n: '1' } });
    assert.match(h.output(), /Options:\n- 2\n- 1\nType the option's text\./);
  });

  it('rejects an option number out of range', async () => {
    const h = harness();
    h.type('7', 'red', 's');
    const answer = await h.renderer.form(formPrompt(model([colourField])), context());
    assert.deepEqual(answer.outcome, { action: 'accept', content: { colour: 'r' } });
    assert.match(h.output(), /Not accepted: Colour: there is no option 7; type a number from 1 to 2\./);
  });

  it('answers cancel without asking once the renderer is closed', async () => {
    const h = harness();
    await h.renderer.close();
    const answer = await h.renderer.form(formPrompt(model([nameField])), context());
    assert.equal(answer.outcome.action, 'cancel');
  });
});

function analysis(extra: Partial<UrlAnalysis> = {}): UrlAnalysis {
  return {
    allowed: true,
    href: 'https://login.xn--exmple-cua.com/auth?state=abc',
    scheme: 'https:',
    asciiHost: 'login.xn--exmple-cua.com',
    unicodeHost: 'login.exämple.com',
    registrableDomain: 'exämple.com',
    warnings: [{ code: 'punycode', message: 'The host uses internationalised characters (punycode).' }],
    ...extra,
  };
}

function urlPrompt(extra: Partial<UrlAnalysis> = {}): UrlPrompt {
  const result = analysis(extra);
  return {
    kind: 'url',
    message: 'Please sign in\u001b[5m',
    url: result.href,
    analysis: result,
    elicitationId: 'e1',
  };
}

describe('PlainRenderer URL consent', () => {
  it(req`shows the full URL on its own line, the domain, both host forms and warnings, then opens on o confirmed with yes (C-04, C-26, C-28, C-29)`, async () => {
    const h = harness();
    h.type('o', 'yes');
    const answer = await h.renderer.url(urlPrompt(), context());
    assert.deepEqual(answer.outcome, { action: 'accept' });
    const out = h.output();
    noEscapes(out);
    assert.match(out, /^Server: weather/);
    assert.match(out, /Message:\nPlease sign in\n/);
    assert.match(out, /\nhttps:\/\/login\.xn--exmple-cua\.com\/auth\?state=abc\n/);
    assert.match(out, /\nDomain: exämple\.com\n/);
    assert.match(out, /\nHost: login\.exämple\.com, sent as login\.xn--exmple-cua\.com\n/);
    assert.match(out, /\nWarning: The host uses internationalised characters \(punycode\)\.\n/);
    // A punycode host is deceptive (core's url-consent policy): Enter declines, o must be confirmed.
    assert.match(out, /Type d \(or Enter\) to decline, c to cancel, o to open it anyway\./);
    assert.match(out, /This address may not go where it seems \(punycode\)\. Open it anyway\? Type yes/);
  });

  it('on a deceptive URL a blank line declines, and o without yes opens nothing (issue 22)', async () => {
    const h = harness();
    h.type('');
    assert.deepEqual((await h.renderer.url(urlPrompt(), context())).outcome, { action: 'decline' });
    h.type('o', '', 'c');
    assert.deepEqual((await h.renderer.url(urlPrompt(), context())).outcome, {
      action: 'cancel',
      reason: 'dismissed',
    });
    assert.match(h.output(), /Not opened\. Type d \(or Enter\) to decline/);
    const plain = harness();
    plain.type('', 'o');
    const safe = urlPrompt({
      warnings: [],
      href: 'https://example.com/',
      unicodeHost: 'example.com',
      asciiHost: 'example.com',
      registrableDomain: 'example.com',
    });
    assert.deepEqual((await plain.renderer.url(safe, context())).outcome, { action: 'accept' });
    assert.match(
      plain.output(),
      /Type o to open it, d to decline, c to cancel\.\nNot understood\./,
      'a blank line never consents',
    );
  });

  it(req`declines on d and cancels on c or end of input (C-16, E-26)`, async () => {
    const h = harness();
    h.type('maybe', 'd', 'c');
    assert.deepEqual((await h.renderer.url(urlPrompt(), context())).outcome, { action: 'decline' });
    assert.match(h.output(), /Not understood\./);
    assert.deepEqual((await h.renderer.url(urlPrompt(), context())).outcome, {
      action: 'cancel',
      reason: 'dismissed',
    });
    h.input.end();
    assert.deepEqual((await h.renderer.url(urlPrompt(), context())).outcome, {
      action: 'cancel',
      reason: 'input-ended',
    });
  });

  it(req`never consents to a URL the safety check refused (C-25, E-24)`, async () => {
    const h = harness();
    h.type('o', 'c');
    const answer = await h.renderer.url(
      urlPrompt({ allowed: false, refusal: 'the scheme javascript: is not allowed' }),
      context(),
    );
    assert.deepEqual(answer.outcome, { action: 'cancel', reason: 'dismissed' });
    assert.match(
      h.output(),
      /This address will not be opened: the scheme javascript: is not allowed\.\nType d \(or Enter\) to decline, c to cancel\./,
    );
  });

  it('cancels as server-cancelled when the server withdraws the URL request', async () => {
    const h = harness();
    const controller = new AbortController();
    const pending = h.renderer.url(urlPrompt(), context({ signal: controller.signal }));
    await h.waitFor(/o to open it anyway/);
    controller.abort();
    assert.deepEqual((await pending).outcome, { action: 'cancel', reason: 'server-cancelled' });
  });
});

describe('PlainRenderer notices', () => {
  it('prints a notice as one sanitized line', () => {
    const h = harness();
    h.renderer.notice({ kind: 'server-cancelled', server: { label: 'srv' }, message: 'gone\n\u001b[2Jnow' });
    assert.equal(h.output(), 'Withdrawn by the server (srv): gone now\n');
  });
});
