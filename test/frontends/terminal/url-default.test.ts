// URL consent on a deceptive URL in a real terminal (tmux, issue 22): Decline is the default, so
// one reflexive Enter declines; opening takes choosing Open and confirming it with a second Enter.
// An ordinary URL keeps Open as the default (core's url-consent policy decides both).
import * as assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { TmuxSession } from '../../helpers/tmux.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const sessions: TmuxSession[] = [];
const DECEPTIVE = 'https://accounts.example.com@evil.example/login';

async function consent(url: string): Promise<TmuxSession> {
  const session = await TmuxSession.start({
    command: ['node', '--import', 'tsx', 'test/frontends/terminal/pty-app.ts', 'url', url],
    cwd: root,
  });
  sessions.push(session);
  await session.waitFor('Open in browser');
  return session;
}

async function answerOf(t: TmuxSession): Promise<unknown> {
  const done = await t.waitFor(/^SUPPORTED/m, { history: true });
  return JSON.parse(/^ANSWER (.*)$/m.exec(done)?.[1] ?? 'null');
}

after(async () => {
  for (const session of sessions) await session.kill();
});

describe('terminal URL consent on a deceptive URL (tmux)', () => {
  it('starts on Decline: one Enter declines', async () => {
    const t = await consent(DECEPTIVE);
    assert.match(await t.capture(), /\[ Open in browser \] {2}\[>Decline<\]/);
    await t.keys('Enter');
    assert.deepEqual(await answerOf(t), { outcome: { action: 'decline' } });
  });

  it('Open asks to be confirmed; a second Enter opens, any other key goes back', async () => {
    const t = await consent(DECEPTIVE);
    await t.keys('Left', 'Enter');
    const asked = await t.waitFor('Open it anyway?');
    assert.match(asked, /may not go where it seems \(userinfo\)/);
    assert.match(asked, /\[>Open anyway<\]/);
    assert.doesNotMatch(asked, /^ANSWER/m, 'nothing answered yet');
    await t.keys('Right');
    const back = await t.waitFor('[>Decline<]');
    assert.doesNotMatch(back, /Open it anyway\?/);
    await t.keys('Left', 'Enter');
    await t.waitFor('Open it anyway?');
    await t.keys('Enter');
    assert.deepEqual(await answerOf(t), { outcome: { action: 'accept' } });
  });

  it('an ordinary URL still starts on Open', async () => {
    const t = await consent('https://accounts.example.com/login');
    assert.match(await t.capture(), /\[>Open in browser<\]/);
    await t.keys('Enter');
    assert.deepEqual(await answerOf(t), { outcome: { action: 'accept' } });
  });
});
