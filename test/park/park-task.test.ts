// A tool call that becomes a task parks its questions too, on both eras: a task's input comes
// outside any 2026-07-28 round, so it waits in the holder even on an HTTP server whose era cache
// says 2026-07-28 (P-15), and `answer` goes on with the task (tasks/update; 2025: the answer to the
// task's elicitation/create).
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { jsonReport, resultText } from '../helpers/cli.js';
import { type RunningHttpServer, startTasks2025Http, startTasksHttp } from '../helpers/servers.js';
import { ParkPlace, parked } from './park-helpers.js';

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

  // P-15 P-07
  it('parks a Tasks-extension task in the holder even when the era cache says 2026-07-28, and answers it through tasks/update', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'mcp-elicit-cache-'));
    const env = { MCP_ELICIT_CACHE_DIR: cache };
    assert.equal((await place.run(['tools', '--url', modern.url], env)).status, 0);
    const first = await place.run(['--json', '--park', 'call', 'book_trip', '--url', modern.url], env);
    assert.equal(first.status, 6, first.stderr);
    const traveller = parked(first).pending[0];
    assert.ok(traveller);
    assert.equal(traveller.message, 'Who is travelling?');
    assert.deepEqual(
      readdirSync(place.dir).filter((name) => name.endsWith('.round.json')),
      [],
      "a task's question is not a round to save",
    );
    const next = await place.run(['answer', traveller.id, '--set', 'name=Ada'], env);
    assert.equal(next.status, 6, next.stderr);
    const payment = parked(next).pending[0];
    assert.equal(payment?.mode, 'url');
    const done = await place.run(['answer', payment?.id ?? '', '--done'], env);
    assert.equal(done.status, 0, done.stderr);
    assert.match(resultText(jsonReport(done)), /Ada/);
  });

  // P-07
  it('parks a 2025-11-25 task question in the holder and answers it', async () => {
    const first = await place.run([
      '--protocol',
      'legacy',
      '--json',
      '--park',
      'call',
      'ask_elsewhere',
      '--url',
      legacy.url,
    ]);
    assert.equal(first.status, 6, first.stderr);
    const question = parked(first).pending[0];
    assert.ok(question);
    assert.equal(parked(first).protocol?.era, '2025-11-25');
    const done = await place.run(['answer', question.id, '--set', 'format=pdf']);
    assert.equal(done.status, 0, done.stderr);
    assert.match(resultText(jsonReport(done)), /format "pdf" \(accept\)/);
  });
});
