// The terminal form in a real pseudo-terminal (tmux), driven by key presses: proves raw mode,
// key decoding, the alternate screen, resizing and NO_COLOR on an actual terminal, not a stream.
import * as assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { req } from '../helpers/req.js';
import { requireTmux, TmuxSession } from '../helpers/tmux.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sessions: TmuxSession[] = [];

async function app(
  mode: 'form' | 'url' | 'queue',
  options: { env?: Record<string, string>; columns?: number; rows?: number } = {},
) {
  const session = await TmuxSession.start({
    command: ['node', '--import', 'tsx', 'test/frontends/terminal/pty-app.ts', mode],
    cwd: root,
    ...options,
  });
  sessions.push(session);
  return session;
}

function answerOf(screen: string): unknown[] {
  return [...screen.matchAll(/^ANSWER (.*)$/gm)].map((m) => JSON.parse(m[1] ?? 'null'));
}

after(async () => {
  for (const session of sessions) await session.kill();
});

describe('terminal form in a real terminal (tmux)', () => {
  it('tmux is installed (these tests fail rather than skip without it)', () => {
    requireTmux();
  });

  it(req`at 80x24 a form is filled, reviewed, edited and submitted with keys alone (C-03)`, async () => {
    const t = await app('form');
    const first = await t.waitFor('Review answers');
    const lines = first.trimEnd().split('\n');
    assert.equal(lines.length, 24);
    assert.match(lines[0] ?? '', /^Form request from demo \(calls itself "Demo Server 1\.0\.0"\)/);
    assert.match(
      lines[22] ?? '',
      /\[ Review answers \] {2}\[ Decline \] {2}\[ Cancel \] {2}\[ Cancel all from demo \]/,
    );
    assert.match(lines[23] ?? '', /Esc cancel/);
    await t.type('Ada');
    await t.keys('Tab');
    await t.type('ada@example.com');
    await t.keys('Tab', 'Tab', 'Tab', 'Down', 'Space'); // colour: Green
    await t.waitFor(/› \(•\) Green/);
    await t.keys('NPage', 'Enter');
    await t.waitFor(/Full name +Ada\s/);
    // Back from the review to the name, complete it, and review again.
    await t.keys('Up', 'Up', 'Up', 'Up', 'Up', 'Up', 'Up', 'Up', 'Enter');
    const editing = await t.waitFor('Editing "Full name"');
    // The hint names the keys that really lead back to the review (Tab goes to the next field).
    assert.match(editing, /Editing "Full name"\. PgDn then Enter goes back to the review\./);
    await t.keys('End');
    await t.type(' Lovelace');
    await t.keys('NPage', 'Enter');
    await t.waitFor(/Full name +Ada Lovelace/);
    await t.keys('Enter');
    const done = await t.waitFor(/^SUPPORTED/m, { history: true });
    assert.match(done, /✓ Sent your answers to demo\./);
    assert.deepEqual(answerOf(done), [
      {
        outcome: {
          action: 'accept',
          content: {
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            age: 30,
            subscribe: false,
            colour: 'g',
            tags: ['books'],
          },
        },
      },
    ]);
    assert.match(done, /^SUPPORTED true$/m, 'terminalSupported() is true inside tmux');
  });

  it('resizing the window redraws at the new size, keeps the answers and never clips the buttons', async () => {
    const t = await app('form');
    await t.waitFor('Review answers');
    await t.type('Grace Hopper');
    await t.resize(60, 16);
    const small = await t.waitFor(/\[ Cancel \]\n\[ Cancel all from demo \]/);
    const lines = small.trimEnd().split('\n');
    assert.equal(lines.length, 16);
    assert.ok(lines.every((line) => line.trimEnd().length <= 60));
    assert.match(small, /\[Grace Hopper +\]/);
    await t.resize(100, 30);
    const large = await t.waitFor(
      /\[ Review answers \] {2}\[ Decline \] {2}\[ Cancel \] {2}\[ Cancel all from demo \]/,
    );
    assert.equal(large.trimEnd().split('\n').length, 30);
    await t.keys('NPage', 'Right', 'Enter'); // Decline
    const done = await t.waitFor(/^SUPPORTED/m, { history: true });
    const [answer] = answerOf(done) as [{ outcome: unknown; draft: Record<string, unknown> }];
    assert.deepEqual(answer.outcome, { action: 'decline' });
    assert.equal(answer.draft.name, 'Grace Hopper');
  });

  it('Escape cancels (dismissed) in a real terminal', async () => {
    const t = await app('form');
    await t.waitFor('Review answers');
    await t.keys('Escape');
    const done = await t.waitFor(/^SUPPORTED/m, { history: true });
    assert.deepEqual((answerOf(done)[0] as { outcome: unknown }).outcome, {
      action: 'cancel',
      reason: 'dismissed',
    });
  });

  it(req`Escape over typed answers asks once before discarding them, in a real terminal (H-37)`, async () => {
    const t = await app('form');
    await t.waitFor('Review answers');
    await t.type('Ada');
    await t.keys('Escape');
    await t.waitFor('Discard your answers? Esc again to cancel, any other key to go on.');
    await t.keys('Escape');
    const done = await t.waitFor(/^SUPPORTED/m, { history: true });
    const [answer] = answerOf(done) as [{ outcome: unknown; draft: Record<string, unknown> }];
    assert.deepEqual(answer.outcome, { action: 'cancel', reason: 'dismissed' });
    assert.equal(answer.draft.name, 'Ada');
  });

  it('Ctrl-C ends the form as cancel (interrupted) and reaches the program as SIGINT, as it does without a form', async () => {
    const t = await app('form');
    await t.waitFor('Review answers');
    await t.keys('C-c');
    const done = await t.waitFor(/^SUPPORTED/m, { history: true });
    assert.deepEqual((answerOf(done)[0] as { outcome: unknown }).outcome, {
      action: 'cancel',
      reason: 'interrupted',
      detail: 'interrupted with Ctrl-C',
    });
    assert.match(done, /^SIGINT$/m);
    assert.match(done, /You interrupted mcp-elicit \(Ctrl-C\)/);
  });

  it('NO_COLOR: the screen carries no colour or attribute codes at all', async () => {
    const plain = await app('form', { env: { NO_COLOR: '1' } });
    await plain.waitFor('Review answers');
    await plain.keys('NPage');
    await plain.waitFor('[>Review answers<]');
    const ESC = '\u001b';
    assert.equal((await plain.capture({ escapes: true })).includes(ESC), false);
    const colour = await app('form');
    await colour.waitFor('Review answers');
    assert.ok(
      (await colour.capture({ escapes: true })).includes(ESC),
      'without NO_COLOR the same form is styled',
    );
    await plain.keys('Escape');
    await colour.keys('Escape');
  });

  it('queued forms are shown one at a time, each naming its server', async () => {
    const t = await app('queue');
    await t.waitFor('1 more request waiting');
    await t.keys('Escape');
    const second = await t.waitFor('Form request from other');
    assert.match(second, /Second form\./);
    await t.keys('Escape');
    const done = await t.waitFor(/^SUPPORTED/m, { history: true });
    assert.equal(answerOf(done).length, 2);
  });

  it(req`URL consent: the full URL and the domain are shown, and Open answers accept (C-26, C-28)`, async () => {
    const t = await app('url');
    const screen = await t.waitFor('Open in browser');
    assert.match(screen, /Site: {2}example\.co\.uk/);
    assert.match(screen, /https:\/\/accounts\.example\.co\.uk\/oauth\/authorize\?client_id=abc&state=xyz/);
    await t.keys('Enter');
    const done = await t.waitFor(/^SUPPORTED/m, { history: true });
    assert.deepEqual(answerOf(done), [{ outcome: { action: 'accept' } }]);
  });
});
