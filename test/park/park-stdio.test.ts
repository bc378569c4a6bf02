// Parked questions on stdio servers, through the built CLI: `call --park` exits 6 with the
// question, `answer <id>` checks the answer with the core and resumes the call in the holder.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { jsonReport, resultText } from '../helpers/cli.js';
import { fixtureCommand } from '../helpers/compiled-fixture.js';
import { everythingStdioCommand, type StdioCommand } from '../helpers/servers.js';
import { ParkPlace, parked, whenChanged } from './park-helpers.js';

const parkServer: StdioCommand = fixtureCommand('test/fixtures/servers/park-server.ts');
const echoServer: StdioCommand = fixtureCommand('test/fixtures/servers/echo-form-server.ts');
const server = (s: StdioCommand) => ['--', s.command, ...s.args];

describe('call --park on a stdio server', () => {
  const place = new ParkPlace();
  after(() => place.stopAll());
  /** One question parked by the fixture; its id. */
  const parkOne = async (): Promise<string> => {
    const run = await place.run([
      '--json',
      '--park',
      'call',
      'ask_several',
      '--arg',
      'count=1',
      ...server(parkServer),
    ]);
    assert.equal(run.status, 6, run.stderr);
    return parked(run).pending[0]?.id ?? '';
  };

  // P-01 P-02 P-03 P-07
  it("parks server-everything's form, refuses an out-of-range answer naming the field, then finishes with a valid one exactly as call --json would", async () => {
    const first = await place.run([
      '--json',
      '--park',
      'call',
      'trigger-elicitation-request',
      ...server(everythingStdioCommand()),
    ]);
    assert.equal(first.status, 6, first.stderr);
    const report = parked(first);
    assert.equal(report.ok, false);
    assert.equal(report.error?.code, 'parked');
    assert.equal(report.protocol?.era, '2025-11-25');
    const [question] = report.pending;
    assert.ok(question);
    assert.match(question.id, /^[0-9a-f]{32}$/);
    assert.deepEqual(question.request, { method: 'tools/call', name: 'trigger-elicitation-request' });
    assert.equal(question.mode, 'form');
    const integer = question.fields.find((field) => field.name === 'integer');
    assert.deepEqual(integer?.limits, { minimum: 1, maximum: 100 });
    assert.equal(integer?.type, 'integer');
    assert.equal(question.answer, `mcp-elicit answer ${question.id} --set 'name=<string>'`);
    assert.ok(Date.parse(question.expiresAt) - Date.now() > 50 * 60_000, 'default expiry is an hour');

    const wrong = await place.run(['answer', question.id, '--set', 'name=Ada', '--set', 'integer=500']);
    assert.equal(wrong.status, 2);
    assert.match(wrong.stderr, /integer: .*at most 100.*still waiting/);
    const listed = parked(await place.run(['pending', '--json']));
    assert.deepEqual(
      listed.pending.map((q) => q.id),
      [question.id],
      'a refused answer leaves the question waiting',
    );

    const done = await place.run(['answer', question.id, '--set', 'name=Ada', '--set', 'integer=7']);
    assert.equal(done.status, 0, done.stderr);
    const result = jsonReport(done);
    assert.equal(result.ok, true);
    assert.match(resultText(result), /"integer": 7/);
    assert.equal(result.elicitations[0]?.action, 'accept');
    await whenChanged(
      place.dir,
      'the holder removes its socket',
      () => !place.records().length && !hasSocket(place.dir),
    );
  });

  // P-06
  it('keeps three questions of one call waiting at once, answered in reverse order, on both eras', async () => {
    for (const protocol of ['2025-11-25', '2026-07-28']) {
      const first = await place.run([
        '--json',
        '--park',
        '--protocol',
        protocol,
        'call',
        'ask_several',
        '--arg',
        'count=3',
        ...server(parkServer),
      ]);
      assert.equal(first.status, 6, first.stderr);
      const questions = parked(first).pending;
      assert.deepEqual(
        questions.map((q) => q.message).sort(),
        ['Question 1', 'Question 2', 'Question 3'],
        protocol,
      );
      const byMessage = (m: string) => questions.find((q) => q.message === m)?.id ?? '';
      const third = await place.run(['answer', byMessage('Question 3'), '--set', 'n3=3']);
      assert.equal(third.status, 6, third.stderr);
      assert.deepEqual(
        parked(third)
          .pending.map((q) => q.message)
          .sort(),
        ['Question 1', 'Question 2'],
      );
      const second = await place.run(['answer', byMessage('Question 2'), '--args', '{"n2": 2}']);
      assert.equal(second.status, 6, second.stderr);
      const last = await place.run(['answer', byMessage('Question 1'), '--set', 'n1=1']);
      assert.equal(last.status, 0, last.stderr);
      const text = resultText(jsonReport(last));
      for (const n of [1, 2, 3]) assert.match(text, new RegExp(`"n${n}":${n}`), protocol);
    }
  });

  // P-01
  it('parks with MCP_ELICIT_PARK=1 alone, and answer --cancel withdraws the question (the server is told cancel)', async () => {
    const env = { MCP_ELICIT_PARK: '1' };
    const first = await place.run(
      ['--json', 'call', 'ask_several', '--arg', 'count=1', ...server(parkServer)],
      env,
    );
    assert.equal(first.status, 6, first.stderr);
    const id = parked(first).pending[0]?.id ?? '';
    const cancelled = await place.run(['answer', id, '--cancel'], env);
    assert.equal(cancelled.status, 0, cancelled.stderr);
    assert.match(resultText(jsonReport(cancelled)), /"action":"cancel"/);
  });

  // P-04
  it('takes the first of two answers racing for one question and tells the second it was too late', async () => {
    const id = await parkOne();
    const runs = await Promise.all([
      place.run(['answer', id, '--set', 'n1=4']),
      place.run(['answer', id, '--set', 'n1=5']),
    ]);
    const statuses = runs.map((run) => run.status).sort();
    assert.deepEqual(statuses, [0, 2], runs.map((run) => run.stderr).join('\n'));
    const loser = runs.find((run) => run.status === 2);
    assert.match(loser?.stderr ?? '', /no parked question/);
  });

  // P-09
  it('leaves no answerable question behind a holder killed with SIGKILL', async () => {
    const id = await parkOne();
    process.kill(place.holderPid(id), 'SIGKILL');
    const answer = await place.run(['answer', id, '--set', 'n1=1']);
    assert.equal(answer.status, 3);
    assert.match(answer.stderr, /is gone: it was stopped, or its server went away/);
    const listed = parked(await place.run(['pending', '--json']));
    assert.deepEqual(listed.pending, []);
    assert.deepEqual(place.records(), []);
  });

  // P-08
  it('cancels a question at its --park-ttl and ends the holder', async () => {
    const first = await place.run([
      '--json',
      '--park',
      '--park-ttl',
      '1s',
      'call',
      'ask_several',
      '--arg',
      'count=1',
      ...server(parkServer),
    ]);
    assert.equal(first.status, 6, first.stderr);
    const id = parked(first).pending[0]?.id ?? '';
    assert.ok(Date.parse(parked(first).pending[0]?.expiresAt ?? '') - Date.now() < 2_000);
    await whenChanged(
      place.dir,
      'the expired question is dropped',
      () => !existsSync(join(place.dir, `${id}.json`)),
    );
    const late = await place.run(['answer', id, '--set', 'n1=1']);
    assert.equal(late.status, 2);
    assert.match(late.stderr, /no parked question/);
  });

  // P-10 H-07
  it('cleans hostile server text before it reaches the parked question, the record and the answer command', async () => {
    const schema = {
      type: 'object',
      properties: { "x'$(touch /tmp/p)": { type: 'string', title: 'T\u001b]0;owned\u0007itle' } },
      required: ["x'$(touch /tmp/p)"],
    };
    const args = JSON.stringify({ schema, message: 'Hi \u001b[31mred\u001b[0m \u202eevil' });
    const first = await place.run(['--park', 'call', 'ask', '--args', args, ...server(echoServer)]);
    assert.equal(first.status, 6, first.stderr);
    for (const bad of ['\u001b', '\u0007', '\u202e'])
      assert.ok(!first.stdout.includes(bad), 'no control text shown');
    assert.match(first.stdout, /Hi red/);
    assert.match(
      first.stdout,
      /--set 'x'\\''\$\(touch \/tmp\/p\)=<string>'/,
      'the field name is quoted for the shell',
    );
    for (const name of place.records()) {
      assert.doesNotMatch(readFileSync(join(place.dir, name), 'utf8'), /\\u001b|\\u0007|\\u202e/);
    }
  });
});

function hasSocket(dir: string): boolean {
  return readdirSync(dir).some((name) => name.endsWith('.sock'));
}
