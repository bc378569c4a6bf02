// 2026-07-28 calls to HTTP servers park with no process left (P-15): the round is saved in the
// private store and `answer` sends the retry from a fresh process. Against the bundled demo (the
// official SDK server, signed requestState) and a fixture of our own.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type CliRun, jsonReport, resultText } from '../helpers/cli.js';
import { type RunningHttpServer, startDemoHttp, startParkRoundHttp } from '../helpers/servers.js';
import { holdersOf, ParkPlace, parked } from './park-helpers.js';

function roundFiles(place: ParkPlace): string[] {
  return readdirSync(place.dir).filter((name) => name.endsWith('.round.json'));
}

describe('call --park on a 2026-07-28 HTTP server', () => {
  const place = new ParkPlace();
  let demo: RunningHttpServer;
  let fixture: RunningHttpServer;
  before(async () => {
    [demo, fixture] = await Promise.all([startDemoHttp(), startParkRoundHttp()]);
  });
  after(async () => {
    place.stopAll();
    await Promise.all([demo?.close(), fixture?.close()]);
  });
  const modern = ['--protocol', '2026-07-28'];
  const signup = (): Promise<CliRun> =>
    place.run([...modern, '--json', '--park', 'call', 'signup', '--url', demo.url]);

  // P-15 P-03 P-05
  it('saves the round with no holder left, refuses a wrong answer, then sends the retry and parks the next round the same way', async () => {
    const first = await signup();
    assert.equal(first.status, 6, first.stderr);
    const question = parked(first).pending[0];
    assert.ok(question);
    assert.equal(parked(first).protocol?.era, '2026-07-28');
    assert.deepEqual(holdersOf(place.state), [], 'no holder process runs for a parked round');
    assert.deepEqual(
      readdirSync(place.dir).filter((name) => name.endsWith('.sock')),
      [],
      'no holder socket either',
    );
    const file = join(place.dir, `${question.id}.round.json`);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const record = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    assert.equal(record.holder, undefined);
    assert.match(JSON.stringify(record), /"requestState":"v1\./, 'the signed requestState is kept as sent');
    // The SDK's requestState lasts 600 s: the expiry says so rather than the hour --park-ttl gives.
    assert.ok(Date.parse(question.expiresAt) - Date.now() <= 600_000);
    assert.match(JSON.stringify(first.stdout), /requestState lasts/);

    const wrong = await place.run(['answer', question.id, '--set', 'username=ab', '--set', 'plan=free']);
    assert.equal(wrong.status, 2);
    assert.match(wrong.stderr, /username: .*at least 3.*still waiting/);
    assert.deepEqual(roundFiles(place), [`${question.id}.round.json`], 'a refused answer changes nothing');
    assert.doesNotMatch(readFileSync(file, 'utf8'), /"ab"/, 'nothing typed is written down');

    const second = await place.run([
      'answer',
      question.id,
      '--set',
      'username=octocat',
      '--set',
      'plan=free',
    ]);
    assert.equal(second.status, 6, second.stderr);
    const next = parked(second).pending[0];
    assert.ok(next && next.id !== question.id);
    assert.match(next.message, /interested/);
    assert.deepEqual(roundFiles(place), [`${next.id}.round.json`]);
    assert.doesNotMatch(readFileSync(join(place.dir, `${next.id}.round.json`), 'utf8'), /octocat/);
    assert.deepEqual(holdersOf(place.state), []);

    const listed = parked(await place.run(['pending', '--json']));
    assert.deepEqual(
      listed.pending.map((q) => q.id),
      [next.id],
    );

    const third = await place.run(['answer', next.id, '--accept-defaults']);
    assert.equal(third.status, 6, third.stderr);
    const review = parked(third).pending[0];
    assert.ok(review);
    const done = await place.run(['answer', review.id, '--accept-defaults']);
    assert.equal(done.status, 0, done.stderr);
    assert.match(resultText(jsonReport(done)), /account octocat created/);
    assert.deepEqual(roundFiles(place), []);
    const late = await place.run(['answer', review.id, '--accept-defaults']);
    assert.equal(late.status, 2);
    assert.match(late.stderr, /no parked question|already being answered/);
  });

  // P-15 P-04
  it('lets the first of two racing answers win; the second is refused and sends nothing', async () => {
    const question = parked(await signup()).pending[0];
    assert.ok(question);
    const answer = () => place.run(['answer', question.id, '--set', 'username=racer', '--set', 'plan=free']);
    const runs = await Promise.all([answer(), answer()]);
    const won = runs.filter((run) => run.status === 6);
    const lost = runs.filter((run) => run.status === 2);
    assert.equal(won.length, 1, runs.map((run) => run.stderr).join('\n'));
    assert.equal(lost.length, 1);
    assert.match(lost[0]?.stderr ?? '', /already being answered.*first answer wins/);
    assert.equal(roundFiles(place).length, 1, 'one next round, from the one retry sent');
    for (const name of roundFiles(place)) await place.run(['answer', name.slice(0, 32), '--cancel']);
  });

  // P-15
  it('refuses an answer once the round expired, and pending no longer lists it', async () => {
    const run = await place.run([
      ...modern,
      '--json',
      '--park',
      '--park-ttl',
      '1',
      'call',
      'survey',
      '--url',
      demo.url,
    ]);
    assert.equal(run.status, 6, run.stderr);
    const question = parked(run).pending[0];
    assert.ok(question);
    assert.ok(Date.parse(question.expiresAt) - Date.parse(question.parkedAt ?? '') <= 1000);
    // Waits for the expiry instant itself (1 s after parking), which is what this test is about.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, Date.parse(question.expiresAt) - Date.now()) + 50),
    );
    const late = await place.run(['answer', question.id, '--accept-defaults']);
    assert.equal(late.status, 2);
    assert.match(late.stderr, /expired unanswered/);
    assert.deepEqual(parked(await place.run(['pending', '--json'])).pending, []);
  });

  // P-15
  it('parks with no process once the era cache knows the server speaks 2026-07-28, with no --protocol', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'mcp-elicit-cache-'));
    const learn = await place.run(['tools', '--url', demo.url], { MCP_ELICIT_CACHE_DIR: cache });
    assert.equal(learn.status, 0, learn.stderr);
    const run = await place.run(['--json', '--park', 'call', 'survey', '--url', demo.url], {
      MCP_ELICIT_CACHE_DIR: cache,
    });
    assert.equal(run.status, 6, run.stderr);
    const question = parked(run).pending[0];
    assert.ok(question);
    assert.ok(roundFiles(place).includes(`${question.id}.round.json`));
    assert.deepEqual(holdersOf(place.state), []);
    const done = await place.run(['answer', question.id, '--accept-defaults']);
    assert.equal(done.status, 0, done.stderr);
    assert.match(resultText(jsonReport(done)), /thanks for the feedback/);
  });

  // P-15 P-02
  it('cleans hostile server text in the parked question, and echoes the requestState byte for byte', async () => {
    const run = await place.run([...modern, '--park', 'call', 'hostile', '--url', fixture.url]);
    assert.equal(run.status, 6, run.stderr);
    assert.ok(
      !run.stdout.includes('\u001b') && !run.stdout.includes('\u0007'),
      'no escape sequence reaches the terminal',
    );
    assert.match(run.stdout, /Hi<script>alert\(1\)<\/script> there/);
    const id = /Question ([0-9a-f]{32})/.exec(run.stdout)?.[1] ?? '';
    // The call had no --json: the answer prints the tool's text, as the call would have.
    const done = await place.run(['answer', id, '--set', 'name=bob']);
    assert.equal(done.status, 0, done.stderr);
    assert.equal(
      JSON.parse(done.stdout).state,
      'opaque-state:{"kept":"byte for byte"}',
      'the retry carries the state exactly as the server sent it',
    );
  });

  // P-15 P-06
  it('hands a round of two questions to a holder (answers are never written down), answered in reverse order', async () => {
    const run = await place.run([...modern, '--json', '--park', 'call', 'ask_two', '--url', fixture.url]);
    assert.equal(run.status, 6, run.stderr);
    const asked = parked(run).pending;
    const one = asked.find((q) => q.fields[0]?.name === 'n1');
    const two = asked.find((q) => q.fields[0]?.name === 'n2');
    assert.ok(one && two, run.stdout);
    assert.deepEqual(roundFiles(place), [], 'the two questions wait in the holder');
    assert.equal(holdersOf(place.state).length, 1);
    const half = await place.run(['answer', two.id, '--set', 'n2=2']);
    assert.equal(half.status, 6, half.stderr);
    const done = await place.run(['answer', one.id, '--set', 'n1=1']);
    assert.equal(done.status, 0, done.stderr);
    assert.match(resultText(jsonReport(done)), /"n1":1.*"n2":2/);
  });
});
