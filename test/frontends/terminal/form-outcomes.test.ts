import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { HostGaveUp } from '../../../src/core/prompt-ending.js';
import { analyzeUrl } from '../../../src/core/url-safety.js';
import { req } from '../../helpers/req.js';
import { makeContext, makePrompt, openForm, openQueue, openUrl, type Session } from './harness.js';

const profile = JSON.parse(readFileSync(new URL('./fixtures/profile-schema.json', import.meta.url), 'utf8'));

/** Name, email and colour typed; the rest left at defaults. Ends with the focus on a field. */
async function fillRequired(s: Session<unknown>): Promise<void> {
  await s.type('Ada Lovelace');
  await s.press('tab');
  await s.type('ada@example.com');
  await s.press('tab', 'tab', 'tab', 'space'); // colour: Red
}

describe('terminal form outcomes: review, accept, decline, cancel', () => {
  it(req`names the asking server, its self-asserted name and the tool call on every form (C-01, C-18)`, async () => {
    const s = openForm(makePrompt(profile, { message: 'Set up your profile.' }));
    await s.press('tab');
    const [first, second, third] = s.screen().split('\n');
    assert.equal(first, 'Form request from demo (calls itself "Demo Server 1.0.0")');
    assert.equal(second, 'for tool call "profile"');
    assert.equal(third, 'Set up your profile.');
    await s.press('esc', 'esc');
    await s.answer;
  });

  it(req`never sends without a review: the review lists every answer, defaults marked, then Submit accepts (C-03)`, async () => {
    const s = openForm(makePrompt(profile));
    await fillRequired(s);
    await s.press('pageDown', 'enter');
    const review = s.screen();
    assert.match(review, /^Review before sending to demo/);
    assert.match(review, /Full name +Ada Lovelace/);
    assert.match(review, /Favourite colour +Red/);
    assert.match(review, /Age +30 \(default\)/);
    assert.match(review, /Interests +books \(default\)/);
    assert.match(review, /Birthday +\(empty\)/);
    assert.match(review, /\[>Submit<\]/);
    await s.press('enter');
    const answer = await s.answer;
    assert.deepEqual(answer.outcome, {
      action: 'accept',
      content: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        age: 30,
        subscribe: false,
        colour: 'r',
        tags: ['books'],
      },
    });
    assert.equal(answer.draft, undefined);
    assert.match(s.after(), /✓ Sent your answers to demo\./);
  });

  it(req`from the review, Enter on a line goes back to that field, and the edit shows in the next review (C-03)`, async () => {
    const s = openForm(makePrompt(profile));
    await fillRequired(s);
    await s.press('pageDown', 'enter', 'up', 'up', 'up', 'up', 'up', 'up', 'up', 'up'); // first review row
    assert.match(s.screen(), /› Full name +Ada Lovelace/);
    await s.press('down', 'down', 'enter'); // Age
    assert.match(s.screen(), /Editing "Age"\. PgDn then Enter goes back to the review\./);
    await s.press('backspace', 'backspace');
    await s.type('36');
    await s.press('pageDown', 'enter');
    assert.match(s.screen(), /Age +36\n/);
    await s.press('enter');
    const outcome = (await s.answer).outcome;
    assert.equal(outcome.action === 'accept' && outcome.content.age, 36);
  });

  it('Tab on a review line jumps to the buttons', async () => {
    const s = openForm(makePrompt(profile));
    await fillRequired(s);
    await s.press('pageDown', 'enter', 'up', 'up', 'tab');
    assert.match(s.screen(), /\[>Submit<\]/);
    await s.press('esc', 'esc');
    await s.answer;
  });

  it('Review with problems keeps the form, every problem shown in place, at the first one', async () => {
    const s = openForm(makePrompt(profile));
    await s.type('A'); // too short, and email/colour missing
    await s.press('pageDown', 'enter');
    const form = s.screen();
    assert.match(form, /Fix 3 answer\(s\) before the review\. Full name must be at least 2 characters/);
    assert.doesNotMatch(form, /Review before sending/, 'the review did not open');
    assert.match(form, /Email is required\./, 'an untouched field shows its problem too');
    await s.type('da');
    await s.press('esc', 'esc');
    const answer = await s.answer;
    assert.equal(answer.outcome.action, 'cancel');
    assert.equal(answer.draft?.name, 'Ada', 'typing went on in the first problem, the name');
  });

  it(req`the Decline button, offered before anything is filled, is decline; the draft is handed back (C-02, C-20)`, async () => {
    const s = openForm(makePrompt(profile));
    await s.type('Ada');
    await s.press('pageDown', 'right', 'enter');
    const answer = await s.answer;
    assert.deepEqual(answer.outcome, { action: 'decline' });
    assert.equal(answer.draft?.name, 'Ada');
    assert.match(s.after(), /You declined demo's request\./);
  });

  it(req`Escape is cancel (dismissed), not decline (E-23)`, async () => {
    const s = openForm(makePrompt(profile));
    await s.type('Ada');
    await s.press('esc', 'esc');
    const answer = await s.answer;
    assert.deepEqual(answer.outcome, { action: 'cancel', reason: 'dismissed' });
    assert.equal(answer.draft?.name, 'Ada');
  });

  it(req`Escape over typed answers asks once; any other key goes on editing, a second Escape cancels (H-37)`, async () => {
    const s = openForm(makePrompt(profile));
    await s.type('Ada');
    await s.press('esc');
    assert.match(s.screen(), /Discard your answers\? Esc again to cancel, any other key to go on\./);
    await s.type('m');
    assert.doesNotMatch(s.screen(), /Discard your answers/);
    await s.press('esc');
    assert.match(
      s.screen(),
      /Discard your answers\?/,
      'asked again: the answer to the last question was "go on"',
    );
    await s.press('esc');
    const answer = await s.answer;
    assert.deepEqual(answer.outcome, { action: 'cancel', reason: 'dismissed' });
    assert.equal(answer.draft?.name, 'Adam', 'the key after the question was typed, not swallowed');
  });

  it(req`Escape with nothing typed cancels at once: there is nothing to lose (H-37)`, async () => {
    const s = openForm(makePrompt(profile));
    await s.press('down', 'esc');
    assert.deepEqual((await s.answer).outcome, { action: 'cancel', reason: 'dismissed' });
  });

  it('Ctrl-C is cancel (interrupted), also on the review screen, keeps the draft and is handed on as the interrupt', async () => {
    const s = openForm(makePrompt(profile));
    await s.type('Ada');
    await s.press('pageDown', 'enter', 'ctrlC');
    const answer = await s.answer;
    assert.deepEqual(answer.outcome, {
      action: 'cancel',
      reason: 'interrupted',
      detail: 'interrupted with Ctrl-C',
    });
    assert.equal(answer.draft?.name, 'Ada');
    assert.equal(s.interrupts(), 1);
    assert.match(s.after(), /You interrupted mcp-elicit \(Ctrl-C\)/);
  });

  it('Ctrl-D is cancel (dismissed), as Escape is, and is not an interrupt', async () => {
    const s = openForm(makePrompt(profile));
    await s.press('ctrlD');
    assert.deepEqual((await s.answer).outcome, { action: 'cancel', reason: 'dismissed' });
    assert.equal(s.interrupts(), 0);
  });

  it('an interrupt that arrives as a signal ends the open form as interrupted', async () => {
    const interrupt = new AbortController();
    const s = openForm(makePrompt(profile), makeContext(), {
      columns: 80,
      rows: 24,
      interrupt: interrupt.signal,
    });
    await s.type('Ada');
    interrupt.abort();
    const answer = await s.answer;
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'interrupted');
    assert.equal(answer.draft?.name, 'Ada');
  });

  it('the Cancel button is cancel (dismissed)', async () => {
    const s = openForm(makePrompt(profile));
    await s.press('pageDown', 'right', 'right', 'enter');
    assert.deepEqual((await s.answer).outcome, { action: 'cancel', reason: 'dismissed' });
  });

  it('closing the input cancels the form', async () => {
    const s = openForm(makePrompt(profile));
    await s.press('tab');
    s.input.end();
    assert.equal((await s.answer).outcome.action, 'cancel');
  });

  it('a prompt whose host gave up (the proxy) is reported host-gave-up, as the browser and scripted front-ends say it (issue 32)', async () => {
    const controller = new AbortController();
    const s = openForm(makePrompt(profile), makeContext({ signal: controller.signal }));
    await s.type('Ada');
    controller.abort(new HostGaveUp());
    const answer = await s.answer;
    assert.deepEqual(answer.outcome, { action: 'cancel', reason: 'host-gave-up' });
    assert.equal(answer.draft?.name, 'Ada');
    assert.match(s.after(), /The app that asked stopped waiting/);
    const url = new AbortController();
    url.abort(new HostGaveUp());
    const href = 'https://example.com/';
    const consent = openUrl(
      { kind: 'url', message: 'Sign in', url: href, analysis: analyzeUrl(href), elicitationId: 'e-1' },
      makeContext({ signal: url.signal }),
    );
    assert.deepEqual((await consent.answer).outcome, { action: 'cancel', reason: 'host-gave-up' });
  });

  it('a server-side cancellation closes the form with a one-line notice and keeps what was typed', async () => {
    const controller = new AbortController();
    const s = openForm(makePrompt(profile), makeContext({ signal: controller.signal }));
    await s.type('Ada Lovelace');
    await s.press('tab');
    await s.type('ada@exa');
    controller.abort();
    const answer = await s.answer;
    assert.deepEqual(answer.outcome, { action: 'cancel', reason: 'server-cancelled' });
    assert.deepEqual(answer.draft, {
      name: 'Ada Lovelace',
      email: 'ada@exa',
      age: 30,
      subscribe: false,
      tags: ['books'],
    });
    const after = s.after().trim().split('\n');
    assert.deepEqual(after, [
      '! demo withdrew its request; if it asks the same again while this runs, your answers are filled in.',
    ]);
  });

  it('a request already cancelled by the server never opens', async () => {
    const controller = new AbortController();
    controller.abort();
    const s = openForm(makePrompt(profile), makeContext({ signal: controller.signal }));
    assert.deepEqual((await s.answer).outcome, { action: 'cancel', reason: 'server-cancelled' });
  });

  it('"Cancel all from this server" cancels with reason muted and asks to mute the server', async () => {
    const s = openForm(makePrompt(profile));
    await s.press('pageDown', 'right', 'right', 'right');
    assert.match(s.screen(), /\[>Cancel all from demo<\]/);
    await s.press('enter');
    const answer = await s.answer;
    assert.deepEqual(answer.outcome, { action: 'cancel', reason: 'muted' });
    assert.equal(answer.muteServer, true);
  });

  it('shows how many more requests are waiting', async () => {
    const s = openForm(makePrompt(profile), makeContext({ waiting: 2 }));
    await s.press('tab');
    assert.match(s.screen(), /for tool call "profile" · 2 more requests waiting/);
    await s.press('esc', 'esc');
    await s.answer;
  });

  it('queues concurrent prompts and shows them one at a time, each naming its server', async () => {
    const [first, second] = openQueue([
      [makePrompt(profile), makeContext({ waiting: 1 })],
      [makePrompt(profile), makeContext({ server: { label: 'other' } })],
    ]);
    assert.ok(first && second);
    await first.press('tab');
    assert.match(first.screen(), /^Form request from demo\b.*\n.*1 more request waiting/);
    assert.doesNotMatch(first.raw(), /from other/);
    await first.press('esc');
    assert.equal((await first.answer).outcome.action, 'cancel');
    await second.press('tab');
    assert.match(second.screen(), /^Form request from other\n/);
    await second.press('esc');
    assert.equal((await second.answer).outcome.action, 'cancel');
  });

  it(req`a form without fields is a confirmation: Submit accepts with empty content (E-13)`, async () => {
    const s = openForm(makePrompt({ type: 'object', properties: {} }, { message: 'Delete the file?' }));
    await s.press('right', 'left');
    assert.match(s.screen(), /Submit only says yes; nothing else is sent\./);
    await s.press('enter');
    assert.deepEqual((await s.answer).outcome, { action: 'accept', content: {} });
  });

  it(req`an unsatisfiable form offers only Decline and Cancel (E-14)`, async () => {
    const prompt = makePrompt({
      type: 'object',
      properties: { x: { type: 'array', minItems: 3, items: { type: 'string', enum: ['a', 'b'] } } },
      required: ['x'],
    });
    const s = openForm(prompt);
    await s.press('tab');
    const screen = s.screen();
    assert.match(screen, /can never be completed/);
    assert.doesNotMatch(screen, /Review answers/);
    await s.press('enter');
    assert.deepEqual((await s.answer).outcome, { action: 'decline' });
  });
});
