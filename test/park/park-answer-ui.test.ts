// `answer <id> --ui plain` (P-12) through the built CLI, lines piped on stdin: the parked form or
// URL step is asked in the plain front-end, the answer goes to the holder and the call finishes
// as `call` would; leaving the form sends nothing, keeps the question parked and keeps what was
// typed for the next try. The terminal and browser front-ends: park-answer-pty and -browser tests.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { jsonReport, resultText } from '../helpers/cli.js';
import { ParkPlace, parked, parkOneForm, parkUrlStep, VISITOR } from './park-helpers.js';

describe('answer --ui plain', () => {
  const place = new ParkPlace();
  after(() => place.stopAll());
  const parkOne = () => parkOneForm(place);

  // P-12
  it('asks the parked form on piped lines; leaving it sends nothing and keeps what was typed; the next try sends it and prints the result as call --json would', async () => {
    const id = await parkOne();
    // 7 typed for the field, then the input ends at the review: the person left without sending.
    const left = await place.run(['answer', id, '--ui', 'plain', '--json'], {}, '7\n');
    assert.equal(left.status, 6, left.stderr);
    assert.match(left.stderr, /Number 1/);
    assert.equal(parked(left).pending[0]?.id, id, 'the parked report again, on stdout');
    assert.match(
      left.stderr,
      new RegExp(`nothing was sent; question ${id} is still waiting \\(what you typed is kept`),
    );
    assert.deepEqual(
      parked(await place.run(['pending', '--json'])).pending.map((q) => q.id),
      [id],
      'the question is still parked',
    );
    // Enter keeps the kept 7, Enter at the review sends it.
    const sent = await place.run(['answer', id, '--ui', 'plain', '--json'], {}, '\n\n');
    assert.equal(sent.status, 0, sent.stderr);
    const report = jsonReport(sent);
    assert.equal(report.ok, true);
    assert.match(resultText(report), /"n1":7/);
    assert.equal(parked(await place.run(['pending', '--json'])).pending.length, 0);
  });

  // P-12 P-03
  it('a decline in the front-end is sent as decline; an out-of-range value is refused there, naming the rule', async () => {
    const id = await parkOne();
    const run = await place.run(['answer', id, '--ui', 'plain', '--json'], {}, '500\n:decline\n');
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /at most 10/);
    assert.match(resultText(jsonReport(run)), /"action":"decline"/);
  });

  for (const era of ['2025-11-25', '2026-07-28']) {
    // P-12 P-11
    it(`a parked URL step on ${era}: consent and open in the front-end, then done, and the call goes on`, async () => {
      const { id } = await parkUrlStep(place, era);
      const run = await place.run(['answer', id, '--ui', 'plain', '--json'], { BROWSER: VISITOR }, 'o\nd\n');
      assert.equal(run.status, 0, run.stderr + run.stdout);
      assert.match(run.stderr, /Type o to open it/);
      assert.match(resultText(jsonReport(run)), /connected \(flow [^)]+\); url step: accept/);
    });
  }
});
