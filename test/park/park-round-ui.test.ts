// A question parked with no process (a saved 2026-07-28 round or a Tasks-extension task) answered
// through a front-end (`answer --ui plain`, lines piped on stdin): leaving it sends nothing and
// keeps it parked under the same id; an answer goes on as `call` would. And `--park --notify`
// announces each question saved, this round and the next.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { jsonReport, resultText } from '../helpers/cli.js';
import { standInNotifySend } from '../helpers/notify-send.js';
import {
  type RunningHttpServer,
  startDemoHttp,
  startParkRoundHttp,
  startTasksHttp,
} from '../helpers/servers.js';
import { until } from '../helpers/within.js';
import { ParkPlace, parked } from './park-helpers.js';

const MODERN = ['--protocol', '2026-07-28'];

describe('answer --ui and --notify for questions parked with no process', () => {
  const place = new ParkPlace();
  let fixture: RunningHttpServer;
  let tasks: RunningHttpServer;
  let demo: RunningHttpServer;
  before(async () => {
    [fixture, tasks, demo] = await Promise.all([startParkRoundHttp(), startTasksHttp(), startDemoHttp()]);
  });
  after(async () => {
    place.stopAll();
    await Promise.all([fixture?.close(), tasks?.close(), demo?.close()]);
  });

  // P-17 P-12
  it('asks a saved round in the plain front-end: leaving sends nothing and keeps it parked; the next try sends the answer', async () => {
    const run = await place.run([...MODERN, '--json', '--park', 'call', 'ask_one', '--url', fixture.url]);
    assert.equal(run.status, 6, run.stderr);
    const id = parked(run).pending[0]?.id ?? '';
    const record = join(place.dir, `${id}.round.json`);
    assert.ok(existsSync(record));
    // 7 typed, then the input ends at the review: the person left without sending.
    const left = await place.run(['answer', id, '--ui', 'plain', '--json'], {}, '7\n');
    assert.equal(left.status, 6, left.stderr);
    assert.match(left.stderr, /Number 1/);
    assert.match(left.stderr, new RegExp(`nothing was sent; question ${id} is still waiting`));
    assert.equal(parked(left).pending[0]?.id, id, 'the parked report again, same id');
    assert.ok(existsSync(record), 'the record is put back');
    assert.deepEqual(
      parked(await place.run(['pending', '--json'])).pending.map((q) => q.id),
      [id],
    );
    const sent = await place.run(['answer', id, '--ui', 'plain', '--json'], {}, '7\n\n');
    assert.equal(sent.status, 0, sent.stderr);
    assert.match(resultText(jsonReport(sent)), /"n1":7/);
    assert.equal(existsSync(record), false);
  });

  // P-17 P-16 P-12
  it('asks a parked task in the plain front-end; a decline there is sent with tasks/update', async () => {
    const run = await place.run([...MODERN, '--json', '--park', 'call', 'book_trip', '--url', tasks.url]);
    assert.equal(run.status, 6, run.stderr);
    const id = parked(run).pending[0]?.id ?? '';
    const declined = await place.run(['answer', id, '--ui', 'plain', '--json'], {}, ':decline\n');
    assert.equal(declined.status, 0, declined.stderr);
    assert.match(resultText(jsonReport(declined)), /No booking: traveller decline/);
  });

  // P-17 P-13
  it('--notify announces each saved round, and the next round after an answer', async () => {
    const notifier = standInNotifySend();
    const env = { PATH: `${notifier.dir}:${process.env.PATH ?? ''}` };
    const first = await place.run(
      [...MODERN, '--json', '--park', '--notify', 'desktop', 'call', 'signup', '--url', demo.url],
      env,
    );
    assert.equal(first.status, 6, first.stderr);
    const id = parked(first).pending[0]?.id ?? '';
    await until(() => notifier.calls().length > 0, 'the first notice', 30_000);
    assert.ok(notifier.calls()[0]?.[4]?.endsWith(`mcp-elicit answer ${id} --ui terminal`));
    const next = await place.run(['answer', id, '--set', 'username=octocat', '--set', 'plan=free'], env);
    assert.equal(next.status, 6, next.stderr);
    const nextId = parked(next).pending[0]?.id;
    await until(() => notifier.calls().length > 1, 'the second notice', 30_000);
    assert.ok(notifier.calls()[1]?.[4]?.endsWith(`mcp-elicit answer ${nextId} --ui terminal`));
    await place.run(['answer', nextId ?? '', '--cancel']);
  });
});
