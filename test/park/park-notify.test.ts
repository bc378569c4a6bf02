// --notify with --park (P-13): each question that parks raises a desktop notice (here a stand-in
// notify-send on PATH that records its argv) naming the server and the exact command that puts the
// question in front of the person; our words only, never the server's message.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { standInNotifySend } from '../helpers/notify-send.js';
import { until } from '../helpers/within.js';
import { ParkPlace, parkOneForm } from './park-helpers.js';

describe('--park --notify', () => {
  const place = new ParkPlace();
  after(() => place.stopAll());

  // P-13
  it('tells the person on the desktop that a question waits and how to answer it; without --notify, nothing', async () => {
    const notifier = standInNotifySend();
    const env = { PATH: `${notifier.dir}:${process.env.PATH ?? ''}` };
    await parkOneForm(place, env);
    const id = await parkOneForm(place, env, ['--notify', 'desktop']);
    await until(() => notifier.calls().length > 0, 'the desktop notice', 30_000);
    // The quiet run parked seconds earlier: had it notified, its call would be first in the log.
    const calls = notifier.calls();
    assert.equal(calls.length, 1, JSON.stringify(calls));
    const [args] = calls;
    assert.deepEqual(args?.slice(0, 4), [
      '--app-name=mcp-elicit',
      '--urgency=normal',
      '--',
      'mcp-elicit: a question is waiting',
    ]);
    const body = args?.[4] ?? '';
    assert.match(body, /server "node park-server-[0-9a-f]{16}\.mjs" asks you a form to fill in/);
    assert.ok(body.endsWith(`mcp-elicit answer ${id} --ui terminal`), body);
    assert.doesNotMatch(body, /Question 1/, "the server's message is never in a notice");
  });
});
