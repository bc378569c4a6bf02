// A request's own timeout, paused while a person answers an elicitation. Fake timers and a
// fake clock: each test says how much time passes instead of waiting for it.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { HumanDeadline } from '../../src/mcp/human-deadline.js';

describe('HumanDeadline', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 }));
  afterEach(() => mock.timers.reset());

  it('aborts with the SDK RequestTimeout error once the time is up, not before', () => {
    const deadline = new HumanDeadline(30, false);
    mock.timers.tick(29);
    assert.equal(deadline.signal.aborted, false);
    mock.timers.tick(1);
    assert.equal(deadline.signal.aborted, true);
    const reason = deadline.signal.reason;
    assert.ok(reason instanceof SdkError && reason.code === SdkErrorCode.RequestTimeout);
    assert.match(reason.message, /time spent answering elicitations not counted/);
    deadline.dispose();
  });

  it('does not count time while paused, and counts the time still owed after resume', () => {
    const deadline = new HumanDeadline(150, false);
    mock.timers.tick(100);
    deadline.pause();
    mock.timers.tick(10_000);
    assert.equal(deadline.signal.aborted, false, 'paused for longer than the timeout');
    deadline.resume();
    mock.timers.tick(49);
    // The pause ran past the first timer, so the next check may come up to a second later.
    assert.equal(deadline.signal.aborted, false, '50 ms were still owed');
    mock.timers.tick(1000);
    assert.equal(deadline.signal.aborted, true, 'the time still owed ran out after resuming');
    deadline.dispose();
  });

  it('starts paused when a prompt is already on screen', () => {
    const deadline = new HumanDeadline(20, true);
    mock.timers.tick(60_000);
    assert.equal(deadline.signal.aborted, false);
    deadline.resume();
    mock.timers.tick(2_000);
    assert.equal(deadline.signal.aborted, true);
    deadline.dispose();
  });

  it('never fires once disposed', () => {
    const deadline = new HumanDeadline(20, false);
    deadline.dispose();
    mock.timers.tick(60_000);
    assert.equal(deadline.signal.aborted, false);
  });

  it('treats pause and resume as idempotent', () => {
    const deadline = new HumanDeadline(100, false);
    deadline.resume();
    deadline.pause();
    mock.timers.tick(25);
    deadline.pause();
    mock.timers.tick(25);
    deadline.resume();
    deadline.resume();
    // One pause of 50 ms: the deadline moves from 100 to 150, not further.
    mock.timers.tick(99);
    assert.equal(deadline.signal.aborted, false);
    mock.timers.tick(1);
    assert.equal(deadline.signal.aborted, true);
    deadline.dispose();
  });
  it("aborts with the caller's reason when the caller's signal aborts, and is not timed out", () => {
    const caller = new AbortController();
    const deadline = new HumanDeadline(100, false, caller.signal);
    const reason = new Error('host cancelled');
    caller.abort(reason);
    assert.equal(deadline.signal.reason, reason);
    assert.equal(deadline.timedOut, false);
    mock.timers.tick(200);
    assert.equal(deadline.signal.reason, reason, 'the later timeout changes nothing');
    assert.equal(deadline.timedOut, false);
    deadline.dispose();
  });

  it('starts aborted under an already aborted caller, and a timeout leaves the caller alone', () => {
    const aborted = new AbortController();
    aborted.abort('gone');
    const early = new HumanDeadline(100, false, aborted.signal);
    assert.equal(early.signal.reason, 'gone');
    early.dispose();
    const caller = new AbortController();
    const deadline = new HumanDeadline(20, false, caller.signal);
    mock.timers.tick(20);
    assert.equal(deadline.timedOut, true);
    assert.equal(caller.signal.aborted, false);
    deadline.dispose();
    caller.abort('after');
    assert.equal(deadline.timedOut, true, 'disposed: the caller is no longer listened to');
  });
});
