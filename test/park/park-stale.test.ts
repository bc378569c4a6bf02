// A question parked with no process whose server moved on: restarted (the demo's requestState key
// is per process, the tasks fixture keeps tasks in memory), `answer` says what happened and the
// record is removed; a server out of reach takes no answer, so the question keeps waiting.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { type RunningHttpServer, startDemoHttp, startTasksHttp } from '../helpers/servers.js';
import { ParkPlace, parked } from './park-helpers.js';

const MODERN = ['--protocol', '2026-07-28'];

describe('answer to a question parked with no process, once its server restarted or went away', () => {
  const place = new ParkPlace();
  const running = new Set<RunningHttpServer>();
  const started = async (start: Promise<RunningHttpServer>) => {
    const server = await start;
    running.add(server);
    return server;
  };
  const stop = async (server: RunningHttpServer) => {
    running.delete(server);
    await server.close();
  };
  after(async () => {
    place.stopAll();
    await Promise.all([...running].map((server) => server.close()));
  });

  const park = async (url: string, tool: string) => {
    const run = await place.run([...MODERN, '--json', '--park', 'call', tool, '--url', url]);
    assert.equal(run.status, 6, run.stderr);
    const id = parked(run).pending[0]?.id ?? '';
    return { id, record: join(place.dir, `${id}.round.json`) };
  };

  // P-18 P-15
  it('a saved round whose requestState the restarted server refuses: says so, and removes the record', async () => {
    const demo = await started(startDemoHttp());
    const { id, record } = await park(demo.url, 'signup');
    await stop(demo);
    await started(startDemoHttp(Number(new URL(demo.url).port)));
    const run = await place.run(['answer', id, '--set', 'username=octocat', '--set', 'plan=free']);
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /refused the answer to the saved round \(-32602.*requestState no longer holds/);
    assert.match(run.stderr, new RegExp(`question ${id} is no longer parked`));
    assert.equal(existsSync(record), false);
    assert.deepEqual(parked(await place.run(['pending', '--json'])).pending, []);
  });

  // P-18 P-16
  it('a parked task the restarted server no longer knows: says so, and removes the record', async () => {
    const tasks = await started(startTasksHttp());
    const { id, record } = await park(tasks.url, 'book_trip');
    await stop(tasks);
    await started(startTasksHttp(Number(new URL(tasks.url).port)));
    const run = await place.run(['answer', id, '--set', 'name=Ada']);
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /no longer knows task/);
    assert.match(run.stderr, new RegExp(`question ${id} is no longer parked`));
    assert.equal(existsSync(record), false);
  });

  // P-18
  it('a server out of reach takes no answer: the question keeps waiting for the next try', async () => {
    const demo = await started(startDemoHttp());
    const { id, record } = await park(demo.url, 'survey');
    await stop(demo);
    const run = await place.run(['answer', id, '--accept-defaults']);
    assert.equal(run.status, 3, run.stderr);
    assert.match(run.stderr, new RegExp(`nothing was sent; question ${id} is still waiting`));
    assert.ok(existsSync(record), 'the record is put back');
    assert.deepEqual(
      parked(await place.run(['pending', '--json'])).pending.map((q) => q.id),
      [id],
    );
  });
});
