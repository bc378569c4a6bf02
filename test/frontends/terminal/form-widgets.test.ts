import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { req } from '../../helpers/req.js';
import { makePrompt, openForm } from './harness.js';

const profile = JSON.parse(readFileSync(new URL('./fixtures/profile-schema.json', import.meta.url), 'utf8'));

describe('terminal form widgets', () => {
  it(req`marks required fields, shows descriptions and marks pre-filled defaults as defaults (C-09)`, async () => {
    const s = openForm(makePrompt(profile));
    await s.press('tab'); // render after a key so the frame is settled
    const screen = s.screen();
    assert.match(screen, /Full name \(required\)/);
    assert.match(screen, /Age \(optional\)/);
    assert.match(screen, /As you would like to be addressed\./);
    assert.match(screen, /\[30 +\]\n +whole number · from 0 to 150 · default/);
    assert.match(screen, /\(•\) No {3}\(default: No\)/);
    await s.press('esc', 'esc');
    await s.answer;
  });

  it('a text input shows its live length against maxLength and refuses characters beyond it', async () => {
    const prompt = makePrompt({
      type: 'object',
      properties: { code: { type: 'string', title: 'Code', maxLength: 4 } },
    });
    const s = openForm(prompt);
    await s.type('ab');
    assert.match(s.screen(), /\[ab +\]\n +at most 4 characters · 2\/4 chars/);
    await s.type('cdef');
    assert.match(s.screen(), /\[abcd +\]\n +at most 4 characters · 4\/4 chars/);
    assert.match(s.screen(), /"Code" takes at most 4 characters\./);
    await s.press('backspace', 'left', 'left');
    await s.type('X');
    assert.match(s.screen(), /\[aXbc +\]/);
    await s.press('pageDown', 'enter', 'enter');
    assert.deepEqual((await s.answer).outcome, { action: 'accept', content: { code: 'aXbc' } });
  });

  it('a number input rejects non-numeric keys, shows the range, and sends a JSON number', async () => {
    const prompt = makePrompt({
      type: 'object',
      properties: { n: { type: 'number', title: 'Ratio', minimum: 0, maximum: 1000 } },
      required: ['n'],
    });
    const s = openForm(prompt);
    await s.type('3x');
    assert.match(s.screen(), /"Ratio" takes a number: digits, a dot, a minus sign\./);
    await s.type('.5');
    assert.match(s.screen(), /\[3\.5 +\] +number · from 0 to 1000/);
    await s.press('pageDown', 'enter', 'enter');
    assert.deepEqual((await s.answer).outcome, { action: 'accept', content: { n: 3.5 } });
  });

  it('an out-of-range number shows a readable issue once edited', async () => {
    const prompt = makePrompt({
      type: 'object',
      properties: { age: { type: 'integer', title: 'Age', maximum: 120 } },
    });
    const s = openForm(prompt);
    await s.type('130');
    assert.match(s.screen(), /✗ Age must be at most 120\./);
    await s.press('backspace', 'backspace', 'backspace');
    await s.type('1.');
    assert.match(s.screen(), /"Age" takes a whole number: digits and a minus sign\./);
    assert.doesNotMatch(s.screen(), /a dot/);
    await s.type('e-1');
    assert.match(s.screen(), /✗ .*whole number/);
    await s.press('esc', 'esc');
    assert.equal((await s.answer).outcome.action, 'cancel');
  });

  it('typing into a pre-filled number replaces the default instead of appending to it', async () => {
    const prompt = makePrompt({
      type: 'object',
      properties: { n: { type: 'number', title: 'Ratio', default: 42 } },
    });
    const s = openForm(prompt);
    await s.type('2.5');
    assert.match(s.screen(), /\[2\.5 +\]/);
    await s.type('1');
    assert.match(s.screen(), /\[2\.51 +\]/);
    await s.press('pageDown', 'enter', 'enter');
    assert.deepEqual((await s.answer).outcome, { action: 'accept', content: { n: 2.51 } });
  });

  it('a yes/no field whose default is Yes says so, not "No (default)"', async () => {
    const prompt = makePrompt({
      type: 'object',
      properties: { ok: { type: 'boolean', title: 'Agree?', default: true } },
    });
    const s = openForm(prompt);
    await s.press('tab', 'shiftTab');
    assert.match(s.screen(), /\(•\) Yes {3}\( \) No {3}\(default: Yes\)/);
    assert.doesNotMatch(s.screen(), /No \(default\)/);
    await s.type('n');
    assert.doesNotMatch(s.screen(), /default:/);
    await s.press('esc', 'esc');
    await s.answer;
  });

  it('a yes/no toggle answers to Space, y and n', async () => {
    const prompt = makePrompt({ type: 'object', properties: { ok: { type: 'boolean', title: 'Agree?' } } });
    const s = openForm(prompt);
    await s.press('tab', 'shiftTab');
    assert.match(s.screen(), /\( \) Yes {3}\( \) No {3}not set/);
    await s.press('space');
    assert.match(s.screen(), /\(•\) Yes {3}\( \) No/);
    await s.type('n');
    assert.match(s.screen(), /\( \) Yes {3}\(•\) No/);
    await s.type('y');
    await s.press('pageDown', 'enter', 'enter');
    assert.deepEqual((await s.answer).outcome, { action: 'accept', content: { ok: true } });
  });

  it('a single-select shows every option by title and sends the value (titled oneOf)', async () => {
    const s = openForm(makePrompt(profile));
    await s.press('tab', 'tab', 'tab', 'tab', 'down', 'down');
    const screen = s.screen();
    for (const title of ['Red', 'Green', 'Blue']) assert.match(screen, new RegExp(`\\( \\) ${title}`));
    assert.match(screen, /› \( \) Blue/);
    await s.press('space');
    assert.match(s.screen(), /\(•\) Blue/);
    await s.press('esc', 'esc');
    assert.equal((await s.answer).draft?.colour, 'b');
  });

  it('legacy enum + enumNames shows the names and sends the enum value', async () => {
    const prompt = makePrompt({
      type: 'object',
      properties: { pet: { type: 'string', enum: ['pet-1', 'pet-2'], enumNames: ['Cat', 'Dog'] } },
    });
    const s = openForm(prompt);
    await s.press('down', 'enter');
    assert.match(s.screen(), /\(•\) Dog/);
    await s.press('enter', 'enter');
    assert.deepEqual((await s.answer).outcome, { action: 'accept', content: { pet: 'pet-2' } });
  });

  it('a multi-select refuses more than maxItems and reports fewer than minItems', async () => {
    const s = openForm(makePrompt(profile));
    await s.press('tab', 'tab', 'tab', 'tab', 'tab'); // first option of Interests
    assert.match(s.screen(), /Interests \(optional\) — choose 1 to 2 \(1 chosen\)/);
    assert.match(s.screen(), /\[x\] books \(default\)/);
    await s.press('space'); // music
    assert.match(s.screen(), /\(2 chosen\)/);
    await s.press('down', 'space'); // sport: a third choice
    assert.match(s.screen(), /"Interests" allows at most 2; clear one first \(Space\)\./);
    assert.match(s.screen(), /\[ \] sport/);
    await s.press('up', 'space', 'down', 'down', 'space'); // untick music and books
    assert.match(s.screen(), /\(0 chosen\)/);
    await s.press('esc', 'esc');
    // An optional multi-select with nothing ticked is left out, not sent as [] (E-19).
    assert.equal(Object.hasOwn((await s.answer).draft ?? {}, 'tags'), false);
  });

  it('a multi-select with too few ticks shows the minItems issue and the review waits until it is fixed', async () => {
    const prompt = makePrompt({
      type: 'object',
      properties: {
        band: {
          type: 'array',
          title: 'Band',
          minItems: 2,
          items: { type: 'string', enum: ['Guitar', 'Drums', 'Bass'] },
        },
      },
    });
    const s = openForm(prompt);
    await s.press('space');
    assert.match(s.screen(), /✗ Band needs at least 2 choices\./);
    await s.press('pageDown', 'enter');
    assert.match(s.screen(), /Fix 1 answer\(s\) before the review\. Band needs at least 2 choices\./);
    await s.press('down', 'space', 'pageDown', 'enter', 'enter');
    assert.deepEqual((await s.answer).outcome, { action: 'accept', content: { band: ['Guitar', 'Drums'] } });
  });

  it('date and date-time inputs state the expected format', async () => {
    const prompt = makePrompt({
      type: 'object',
      properties: {
        day: { type: 'string', format: 'date', title: 'Day' },
        at: { type: 'string', format: 'date-time', title: 'When' },
      },
    });
    const s = openForm(prompt);
    await s.type('2026-02-30');
    const screen = s.screen();
    assert.match(screen, /\[2026-02-30 +\] +a date, YYYY-MM-DD/);
    assert.match(screen, /\[e\.g\. 2026-12-31T17:30:00Z +\]\n +a date and time with a time zone/);
    assert.match(screen, /✗ Day .*date/);
    await s.press('esc', 'esc');
    await s.answer;
  });

  it('an email input shows a tick once the typed text is a valid address', async () => {
    const prompt = makePrompt({
      type: 'object',
      properties: { mail: { type: 'string', format: 'email', title: 'Mail' } },
    });
    const s = openForm(prompt);
    await s.type('ada@');
    assert.match(s.screen(), /\] +an email address\n/);
    await s.type('example.com');
    assert.match(s.screen(), /\] +an email address ✓\n/);
    await s.press('esc', 'esc');
    await s.answer;
  });

  it('a bracketed paste with a line break stays in the field instead of jumping on', async () => {
    const prompt = makePrompt({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
    });
    const s = openForm(prompt);
    s.input.write('\u001b[200~line one\rline two\u001b[201~');
    await s.settle();
    await s.press('esc', 'esc');
    assert.deepEqual((await s.answer).draft, { a: 'line one line two' });
  });

  it('shows "restored your earlier answers" when the prompt restores a draft', async () => {
    const s = openForm(makePrompt(profile, { initial: { name: 'Ada' }, restored: true }));
    await s.press('tab');
    assert.match(s.screen(), /↺ Restored your earlier answers\./);
    assert.match(s.screen(), /\[Ada +\]/);
    await s.press('esc', 'esc');
    await s.answer;
  });
});
