// The time bounds both task eras share (src/mcp/tasks/task-timing.ts), on Node's mocked timers:
// one poll floor and ceiling, and a deadline at the task's ttl or the client's task timeout that
// neither fires early for a huge value (setTimeout's 2^31 overflow) nor outlives the caller.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { attachElicitation, ElicitError, ScriptedRenderer, TaskError } from '../../src/index.js';
import { pollDelay, sleep, taskDeadline } from '../../src/mcp/tasks/task-timing.js';
import { req } from '../helpers/req.js';

describe('task timing', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it(req`one poll floor and ceiling for both eras: 0 ms becomes 100 ms, 2^31 ms becomes 30 s (T-05)`, () => {
    assert.equal(pollDelay(0), 100);
    assert.equal(pollDelay(13), 100);
    assert.equal(pollDelay(250), 250);
    assert.equal(pollDelay(2 ** 31), 30_000);
    assert.equal(pollDelay(undefined), 1_000);
    assert.equal(pollDelay(null), 1_000);
  });

  it(req`the deadline ends the task at its ttl with a one-line timed-out TaskError (T-05)`, () => {
    const deadline = taskDeadline('t-1', 6_000, 3_600_000, new AbortController().signal);
    mock.timers.tick(5_999);
    assert.equal(deadline.signal.aborted, false);
    mock.timers.tick(1);
    assert.equal(deadline.expired(), true);
    const reason = deadline.signal.reason as TaskError;
    assert.ok(reason instanceof TaskError);
    assert.equal(reason.code, 'timed-out');
    assert.equal(
      reason.message,
      'task t-1 did not finish within its ttl of 6 s (the server keeps it no longer)',
    );
    deadline.dispose();
  });

  it(req`without a ttl, or with a longer one, the client's task timeout ends the task (T-05)`, () => {
    for (const ttl of [null, undefined, 7_200_000]) {
      const deadline = taskDeadline('t-2', ttl, 60_000, new AbortController().signal);
      mock.timers.tick(60_000);
      assert.match(
        (deadline.signal.reason as Error).message,
        /within 1 min \(the client's task timeout, --task-timeout\)$/,
      );
      deadline.dispose();
    }
  });

  // Real timers here: the subject is Node's own setTimeout, which fires at once past 2^31 - 1 ms.
  it(req`a ttl or a pause of 2^31 ms or more does not fire at once (setTimeout overflow); the caller's abort ends it (T-05)`, async () => {
    mock.timers.reset();
    const controller = new AbortController();
    const deadline = taskDeadline('t-3', 2 ** 33, 2 ** 33, controller.signal);
    let woke = false;
    const pause = sleep(2 ** 31, controller.signal).then(() => {
      woke = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(deadline.signal.aborted, false);
    assert.equal(woke, false);
    controller.abort(new Error('stop'));
    await assert.rejects(pause, /stop/);
    deadline.dispose();
  });

  it(req`the caller's abort reaches the deadline's signal with the caller's reason (T-05)`, () => {
    const controller = new AbortController();
    const deadline = taskDeadline('t-4', 6_000, 60_000, controller.signal);
    controller.abort(new Error('Ctrl-C'));
    assert.equal((deadline.signal.reason as Error).message, 'Ctrl-C');
    assert.equal(deadline.expired(), false);
    deadline.dispose();
  });

  it('attachElicitation refuses a taskTimeoutMs no timer can keep, as "invalid-options"', () => {
    for (const taskTimeoutMs of [0, -1, Number.NaN, 2 ** 31])
      assert.throws(
        () =>
          attachElicitation(new Client({ name: 't', version: '1' }), {
            renderer: new ScriptedRenderer({}),
            server: 't',
            taskTimeoutMs,
          }),
        (error: unknown) =>
          error instanceof ElicitError &&
          error.code === 'invalid-options' &&
          /taskTimeoutMs/.test(error.message),
        String(taskTimeoutMs),
      );
  });
});
