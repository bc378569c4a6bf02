import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { TerminalRenderer } from '../../../src/frontends/terminal/index.js';
import { makeContext, makePrompt, openForm, stripAnsi } from './harness.js';

const simple = { type: 'object', properties: { a: { type: 'string', title: 'A' } } };

describe('terminal notices and long messages', () => {
  it('a notice with no form open is one plain line naming the server', () => {
    const output = new PassThrough();
    let written = '';
    output.on('data', (chunk: Buffer) => {
      written += chunk.toString('utf8');
    });
    const renderer = new TerminalRenderer({ input: new PassThrough(), output, env: { NO_COLOR: '1' } });
    renderer.notice?.({
      kind: 'rejected',
      server: { label: 'demo' },
      message: 'malformed request\u001b[2J ignored',
    });
    assert.equal(written, '! demo: malformed request ignored\n');
  });

  it('a notice while a form is open shows on the status line of the form', async () => {
    const output = new PassThrough();
    let written = '';
    output.on('data', (chunk: Buffer) => {
      written += chunk.toString('utf8');
    });
    const input = new PassThrough();
    const renderer = new TerminalRenderer({ input, output, columns: 80, rows: 24, onInterrupt: () => {} });
    const answer = renderer.form(makePrompt(simple), makeContext());
    await new Promise((resolve) => setTimeout(resolve, 5));
    renderer.notice?.({ kind: 'info', server: { label: 'other' }, message: 'finished indexing' });
    const frame = stripAnsi(written.split('\u001b[?25l\u001b[H').at(-1) ?? '');
    assert.match(frame, /\r\nother: finished indexing/);
    input.write('\u0003');
    assert.equal((await answer).outcome.action, 'cancel');
  });

  it('a long message is cut to three lines in the header and shown whole above the fields', async () => {
    const sentence = 'This sentence repeats to make a long message. ';
    const message = `${sentence.repeat(12)}THE END.`;
    const s = openForm(makePrompt(simple, { message }));
    await s.press('tab', 'shiftTab');
    const lines = s.screen().split('\n');
    assert.match(lines[4] ?? '', /…$/, 'the third message line ends with an ellipsis');
    assert.match(lines[5] ?? '', /^─+$/);
    await s.press('pageUp');
    assert.match(s.screen(), /THE END\./);
    await s.press('esc', 'esc');
    await s.answer;
  });

  it('a server without a self-asserted name or a known call shows just the configured name', async () => {
    const { request: _unknown, ...ctx } = makeContext({ server: { label: 'my-server' } });
    const s = openForm(makePrompt(simple, { message: 'Hi.' }), ctx);
    await s.press('tab');
    const [first, second] = s.screen().split('\n');
    assert.equal(first, 'Form request from my-server');
    assert.equal(second, 'Hi.');
    await s.press('esc', 'esc');
    await s.answer;
  });
});
