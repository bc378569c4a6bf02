// `answer <id> --ui terminal` (P-12) in a real pseudo-terminal (tmux): the parked form drawn by the
// terminal front-end and filled with keys; Escape leaves it parked (nothing sent, what was typed
// kept), and the next try starts from it and sends.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { cliBin } from '../helpers/cli.js';
import { TmuxSession } from '../helpers/tmux.js';
import { ParkPlace, parkOneForm } from './park-helpers.js';

describe('answer --ui terminal in a real terminal', () => {
  const place = new ParkPlace();
  const sessions: TmuxSession[] = [];
  after(async () => {
    place.stopAll();
    for (const session of sessions) await session.kill();
  });
  const answerIn = async (id: string): Promise<TmuxSession> => {
    const session = await TmuxSession.start({
      command: [process.execPath, cliBin, 'answer', id, '--ui', 'terminal', '--json', '--notify', 'off'],
      env: { XDG_STATE_HOME: place.state },
      columns: 100,
      rows: 30,
    });
    sessions.push(session);
    return session;
  };

  // P-12
  it('draws the parked form, keeps what was typed when the person leaves with Escape, and sends it on the next try', async () => {
    const id = await parkOneForm(place);

    const leaving = await answerIn(id);
    await leaving.waitFor('Number 1', { timeoutMs: 30_000 });
    await leaving.type('7');
    // The form asks to confirm leaving typed answers: Escape twice.
    await leaving.keys('Escape');
    await leaving.waitFor('Esc again');
    await leaving.keys('Escape');
    await leaving.waitForExit(30_000);
    assert.equal(await leaving.exitCode(), 6);
    const left = await leaving.capture({ history: true });
    assert.match(left.replaceAll('\n', ''), new RegExp(`question ${id} is still waiting`));

    const sending = await answerIn(id);
    const restored = await sending.waitFor('Number 1', { timeoutMs: 30_000 });
    assert.match(restored, /7/, 'what was typed before is back');
    await sending.keys('NPage', 'Enter');
    await sending.waitFor(/Number 1 +7/);
    await sending.keys('Enter');
    await sending.waitForExit(30_000);
    const screen = (await sending.capture({ history: true })).replaceAll('\n', '');
    assert.equal(await sending.exitCode(), 0, screen);
    assert.match(screen, /"ok":true/);
    assert.match(screen, /\\"action\\":\\"accept\\",\\"content\\":\{\\"n1\\":7\}/);
  });
});
