// A tool call that becomes a task parks its questions too, on both eras. A Tasks-extension task
// (2026-07-28, HTTP) parks by its task id with no process left: the task waits on the server, and
// `answer` picks it up from a fresh connection and sends tasks/update. A 2025-11-25 task's question
// is an elicitation/create on the live connection, so it waits in the holder.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { jsonReport, resultText } from '../helpers/cli.js';
import { type RunningHttpServer, startTasks2025Http, startTasksHttp } from '../helpers/servers.js';
import { holdersOf, ParkPlace, parked } from './park-helpers.js';

describe('call --park on a tool call that becomes a task', () => {
  const place = new ParkPlace();
  let modern: RunningHttpServer;
  let legacy: RunningHttpServer;
  before(async () => {
    [modern, legacy] = await Promise.all([startTasksHttp(), startTasks2025Http()]);
  });
  after(async () => {
    place.stopAll();
    await Promise.all([modern?.close(), legacy?.close()]);
  });
  const parkTool = async (era: string, tool: string, url: string) => {
    const run = await place.run(['--protocol', era, '--json', '--park', 'call', tool, '--url', url]);
    assert.equal(run.status, 6, run.stderr);
    return parked(run);
  };

  // P-16 P-15 P-04
  it('parks a Tasks-extension task by its id with no process left, and answers it from fresh processes through tasks/update', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'mcp-elicit-cache-'));
    const env = { MCP_ELICIT_CACHE_DIR: cache };
    assert.equal((await place.run(['tools', '--url', modern.url], env)).status, 0);
    const first = await place.run(['--json', '--park', 'call', 'book_trip', '--url', modern.url], env);
    assert.equal(first.status, 6, first.stderr);
    const traveller = parked(first).pending[0];
    assert.ok(traveller);
    assert.equal(traveller.message, 'Who is travelling?');
    assert.deepEqual(holdersOf(place.state), [], 'no holder process runs for a parked task');
    const file = join(place.dir, `${traveller.id}.round.json`);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const record = JSON.parse(readFileSync(file, 'utf8')) as { kind: string; task: { taskId: string } };
    assert.equal(record.kind, 'task');
    assert.match(record.task.taskId, /^[0-9a-f-]{36}$/);
    // The fixture's task lives 60 s: the question's expiry says so rather than the hour --park-ttl gives.
    assert.ok(Date.parse(traveller.expiresAt) - Date.now() <= 60_000);
    assert.match(traveller.expiryNote ?? '', /ttl/);

    const wrong = await place.run(['answer', traveller.id, '--set', 'seats=12', '--set', 'name=Ada'], env);
    assert.equal(wrong.status, 2);
    assert.match(wrong.stderr, /seats: .*still waiting/);
    assert.doesNotMatch(readFileSync(file, 'utf8'), /Ada/, 'nothing typed is written down');

    const next = await place.run(['answer', traveller.id, '--set', 'name=Ada'], env);
    assert.equal(next.status, 6, next.stderr);
    const payment = parked(next).pending[0];
    assert.equal(payment?.mode, 'url');
    assert.deepEqual(holdersOf(place.state), []);
    const again = JSON.parse(readFileSync(join(place.dir, `${payment?.id}.round.json`), 'utf8')) as {
      task: { taskId: string; answered: string[] };
    };
    assert.equal(again.task.taskId, record.task.taskId, 'the same task, picked up by its id');
    assert.deepEqual(again.task.answered, ['traveller']);
    assert.deepEqual(
      parked(await place.run(['pending', '--json'], env)).pending.map((q) => q.id),
      [payment?.id],
    );
    const done = await place.run(['answer', payment?.id ?? '', '--done'], env);
    assert.equal(done.status, 0, done.stderr);
    // traveller×1: the key answered by the first process is not asked again by the second.
    assert.match(
      resultText(jsonReport(done)),
      /Booked Lisbon for Ada \(1 seats\); payment accept; answers traveller×1, payment×1/,
    );
    assert.deepEqual(place.records(), []);
  });

  // P-16 P-04
  it('lets the first of two racing answers to a parked task win', async () => {
    const question = (await parkTool('2026-07-28', 'book_trip', modern.url)).pending[0];
    assert.ok(question);
    const answer = () => place.run(['answer', question.id, '--set', 'name=Racer']);
    const runs = await Promise.all([answer(), answer()]);
    assert.deepEqual(runs.map((r) => r.status).sort(), [2, 6], runs.map((r) => r.stderr).join('\n'));
    assert.match(runs.find((r) => r.status === 2)?.stderr ?? '', /first answer wins/);
    for (const name of place.records()) await place.run(['answer', name.slice(0, 32), '--cancel']);
  });

  // P-07
  it('parks a 2025-11-25 task question in the holder and answers it', async () => {
    const first = await parkTool('2025-11-25', 'ask_elsewhere', legacy.url);
    const question = first.pending[0];
    assert.ok(question);
    assert.equal(first.protocol?.era, '2025-11-25');
    const done = await place.run(['answer', question.id, '--set', 'format=pdf']);
    assert.equal(done.status, 0, done.stderr);
    assert.match(resultText(jsonReport(done)), /format "pdf" \(accept\)/);
  });
});
