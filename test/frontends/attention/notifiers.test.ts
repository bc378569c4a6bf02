// The notifiers of issue 23: the terminal's bell and OSC 9/777 only on a terminal that takes them,
// a desktop notice through the notify-send found on PATH (a stand-in here that records its argv),
// and the wrapper that announces only what an interactive front-end shows.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { FormPrompt, PromptContext, Renderer } from '../../../src/contracts/renderer.js';
import { AttentionSchedule, attentionText } from '../../../src/core/attention.js';
import { desktopNotifier, terminalSignal, withAttention } from '../../../src/frontends/attention/index.js';
import { standInNotifySend } from '../../helpers/notify-send.js';

const event = {
  ...attentionText('form', 'github'),
  kind: 'form' as const,
  reason: 'waiting' as const,
  reminder: 0,
};

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, isTTY, write: (text: string) => written.push(text) };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('terminal signals', () => {
  it('write the bell, OSC 9 and OSC 777 with our words on a terminal', () => {
    const out = stream(true);
    terminalSignal(out, { TERM: 'xterm-256color' })?.(event);
    assert.deepEqual(out.written, [
      '\u0007\u001b]9;Server "github" asks you to fill in a form\u0007' +
        '\u001b]777;notify;mcp-elicit: input needed;Server "github" asks you to fill in a form\u0007',
    ]);
  });

  it('write nothing where no terminal shows them (TERM=dumb, not a TTY), and only the bell with NO_COLOR', () => {
    assert.equal(terminalSignal(stream(true), { TERM: 'dumb' }), undefined);
    assert.equal(terminalSignal(stream(false), { TERM: 'xterm' }), undefined);
    const plain = stream(true);
    terminalSignal(plain, { TERM: 'xterm', NO_COLOR: '1' })?.(event);
    assert.deepEqual(plain.written, ['\u0007']);
  });

  it('keep a hostile label inert: no escape of its own, no field break, short', () => {
    const out = stream(true);
    const hostile = attentionText('url', `\u001b[2J\u001b]52;c;cGF5bG9hZA==\u0007a;b${'y'.repeat(5000)}`);
    terminalSignal(out, { TERM: 'xterm' })?.({ ...hostile, kind: 'url', reason: 'waiting', reminder: 0 });
    const text = out.written.join('');
    // Exactly our three sequences: one bell and two OSCs, each ended by BEL.
    assert.equal(text.split('\u001b').length - 1, 2);
    assert.equal(text.split('\u0007').length - 1, 3);
    assert.ok(!text.includes('52;'), 'the clipboard escape was removed');
    assert.ok(text.length < 300, `short: ${text.length}`);
  });
});

describe('desktop notifier', () => {
  it('runs the notify-send found on PATH with our title and text as separate arguments, no shell', async () => {
    const stand = standInNotifySend();
    const notify = desktopNotifier({ PATH: stand.dir }, 'linux');
    assert.ok(notify, 'found on PATH');
    notify({
      ...attentionText('form', 'a $(touch pwned) `b`'),
      kind: 'form',
      reason: 'waiting',
      reminder: 0,
    });
    await until(() => stand.calls().length === 1, 'the stand-in notify-send');
    assert.deepEqual(stand.calls(), [
      [
        '--app-name=mcp-elicit',
        '--urgency=normal',
        '--',
        'mcp-elicit: input needed',
        'Server "a $(touch pwned) `b`" asks you to fill in a form',
      ],
    ]);
    assert.ok(!existsSync(join(process.cwd(), 'pwned')), 'nothing was run through a shell');
  });

  it('is absent where the desktop offers none (no notify-send, osascript or powershell.exe on PATH)', () => {
    const empty = mkdtempSync(join(tmpdir(), 'empty-path-'));
    assert.equal(desktopNotifier({ PATH: empty }, 'linux'), undefined);
    assert.equal(desktopNotifier({ PATH: empty }, 'darwin'), undefined);
    assert.equal(desktopNotifier({ PATH: standInNotifySend().dir }, 'win32'), undefined);
  });

  it('on Windows hands PowerShell a toast script as -EncodedCommand, with the text quoted so it stays text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'win-path-'));
    writeFileSync(join(dir, 'powershell.exe'), '');
    chmodSync(join(dir, 'powershell.exe'), 0o755);
    const calls: (readonly string[])[] = [];
    const notify = desktopNotifier({ PATH: dir }, 'win32', (_command, args) => calls.push(args));
    assert.ok(notify);
    notify({ ...attentionText('form', "it's $(evil) `x`"), kind: 'form', reason: 'waiting', reminder: 0 });
    const [args] = calls;
    assert.deepEqual(args?.slice(0, 3), ['-NoProfile', '-NonInteractive', '-EncodedCommand']);
    const script = Buffer.from(args?.[3] ?? '', 'base64').toString('utf16le');
    assert.ok(
      script.includes(`CreateTextNode('Server "it''s $(evil) \`x\`" asks you to fill in a form')`),
      script,
    );
    assert.ok(script.includes("CreateTextNode('mcp-elicit: input needed')"));
  });
});

describe('withAttention', () => {
  const ctx = {
    server: { label: 'github' },
    era: 'legacy',
    signal: new AbortController().signal,
    waiting: 0,
  };
  const form = (interactive: boolean, answer: () => Promise<never> | Promise<unknown>): Renderer =>
    ({ name: 'terminal', interactive, form: answer }) as unknown as Renderer;

  it('announces a form when it is shown and stops the reminders when it is answered', async () => {
    const seen: string[] = [];
    const schedule = new AttentionSchedule([(e) => seen.push(`${e.reason}:${e.kind}:${e.server}`)], {
      remindAfterMs: 10,
    });
    let answer: (value: unknown) => void = () => {};
    const renderer = withAttention(
      form(true, () => new Promise((resolve) => (answer = resolve))),
      schedule,
    );
    const asked = renderer.form({} as FormPrompt, ctx as unknown as PromptContext);
    assert.deepEqual(seen, [], 'the prompt is drawn before its notice');
    await until(() => seen.length >= 1, 'the first notice');
    assert.equal(seen[0], 'waiting:form:github');
    await until(() => seen.length >= 2, 'a reminder');
    answer({ outcome: { action: 'cancel' } });
    await asked;
    const count = seen.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(seen.length, count, 'no reminder after the answer');
  });

  it('leaves a scripted front-end untouched: scripted runs never notify', () => {
    const seen: unknown[] = [];
    const scripted = form(false, async () => ({}));
    assert.equal(withAttention(scripted, new AttentionSchedule([(e) => seen.push(e)])), scripted);
  });
});
