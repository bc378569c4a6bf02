import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { terminalSupported } from '../../../src/frontends/terminal/index.js';
import { makePrompt, openForm } from './harness.js';

// 20 text fields: far taller than any terminal.
const long = {
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [
      `f${i}`,
      { type: 'string', title: `Field number ${i}`, description: 'Some help.' },
    ]),
  ),
};

describe('terminal layout: scrolling, sizes, colour', () => {
  it('a form taller than 80x24 scrolls and never clips the buttons or the key hints', async () => {
    const s = openForm(makePrompt(long));
    for (let i = 0; i < 19; i++) {
      await s.press('tab');
      const lines = s.screen().split('\n');
      assert.equal(lines.length, 24);
      assert.match(lines[22] ?? '', /\[ Review answers \]/);
      assert.match(lines[23] ?? '', /Esc cancel/);
      assert.ok(
        lines.some((l) => l.startsWith(`› Field number ${i + 1} `)),
        `field ${i + 1} is visible`,
      );
      assert.ok(lines.every((l) => l.length < 80));
    }
    assert.match(s.screen(), /↑ \d+ more lines above/);
    await s.press('pageUp');
    assert.match(s.screen(), /› Field number 0 /);
    await s.press('esc', 'esc');
    await s.answer;
  });

  it('still shows the focused field and the buttons at 40x10', async () => {
    const s = openForm(makePrompt(long), undefined, { columns: 40, rows: 10 });
    await s.press('tab', 'tab', 'tab');
    const lines = s.screen().split('\n');
    assert.equal(lines.length, 10);
    assert.ok(lines.some((l) => l.startsWith('› Field number 3')));
    assert.ok(lines.some((l) => l.includes('[ Review answers ]')));
    await s.press('esc', 'esc');
    await s.answer;
  });

  it('redraws for the new size when the terminal is resized', async () => {
    const s = openForm(makePrompt(long), undefined, {});
    await s.settle();
    assert.equal(s.screen().split('\n').length, 24, 'without a size, 80x24 is assumed');
    s.output.columns = 100;
    s.output.rows = 30;
    s.output.emit('resize');
    assert.equal(s.screen().split('\n').length, 30);
    s.output.columns = 60;
    s.output.rows = 15;
    s.output.emit('resize');
    const lines = s.screen().split('\n');
    assert.equal(lines.length, 15);
    assert.ok(lines.every((l) => l.length < 60));
    assert.match(lines.join('\n'), /\[ Review answers \]/);
    await s.press('esc', 'esc');
    await s.answer;
  });

  it('a terminal too small to draw the form says so and still cancels on Escape', async () => {
    const s = openForm(makePrompt(long), undefined, { columns: 20, rows: 5 });
    await s.press('tab');
    assert.match(s.screen(), /Terminal too small/);
    await s.press('esc', 'esc');
    assert.equal((await s.answer).outcome.action, 'cancel');
  });

  it('NO_COLOR: no colour (SGR) codes at all, and the focus is still visible as text', async () => {
    const s = openForm(makePrompt(long), undefined, { columns: 80, rows: 24, env: { NO_COLOR: '1' } });
    await s.press('pageDown');
    await s.press('esc', 'esc');
    await s.answer;
    const sgr = s
      .raw()
      .split('\u001b')
      .filter((part) => /^\[[0-9;]*m/.test(part));
    assert.deepEqual(sgr, []);
    assert.match(s.raw(), /\[>Review answers<\]/);
  });

  it('TERM=dumb also means no colour codes', async () => {
    const s = openForm(makePrompt(long), undefined, { columns: 80, rows: 24, env: { TERM: 'dumb' } });
    await s.press('esc', 'esc');
    await s.answer;
    assert.deepEqual(
      s
        .raw()
        .split('\u001b')
        .filter((part) => /^\[[0-9;]*m/.test(part)),
      [],
    );
  });

  it('colour is used when NO_COLOR is unset', async () => {
    const s = openForm(makePrompt(long), undefined, { columns: 80, rows: 24, env: {} });
    await s.press('esc', 'esc');
    await s.answer;
    assert.ok(s.raw().includes('\u001b[1;36m'));
  });

  it('terminalSupported: only for two TTYs, never for TERM=dumb or a too-small window', () => {
    const tty = { isTTY: true, columns: 80, rows: 24 };
    assert.equal(terminalSupported({ TERM: 'xterm-256color' }, { input: tty, output: tty }), true);
    assert.equal(terminalSupported({ TERM: 'screen' }, { input: tty, output: tty }), true);
    assert.equal(terminalSupported({ TERM: 'dumb' }, { input: tty, output: tty }), false);
    assert.equal(terminalSupported({ TERM: 'xterm' }, { input: { isTTY: false }, output: tty }), false);
    assert.equal(terminalSupported({ TERM: 'xterm' }, { input: tty, output: {} }), false);
    assert.equal(
      terminalSupported({ TERM: 'xterm' }, { input: tty, output: { isTTY: true, columns: 20, rows: 5 } }),
      false,
    );
  });
});
