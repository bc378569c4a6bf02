// A request's own timeout, paused while a person answers an elicitation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { HumanDeadline } from '../../src/mcp/human-deadline.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('HumanDeadline', () => {
  it('aborts with the SDK RequestTimeout error once the time is up', async () => {
    const deadline = new HumanDeadline(30, false);
    await sleep(200);
    assert.equal(deadline.signal.aborted, true);
    const reason = deadline.signal.reason;
    assert.ok(reason instanceof SdkError && reason.code === SdkErrorCode.RequestTimeout);
    assert.match(reason.message, /time spent answering elicitations not counted/);
    deadline.dispose();
  });

  it('does not count time while paused, and counts again after resume', async () => {
    const deadline = new HumanDeadline(150, false);
    deadline.pause();
    await sleep(300);
    assert.equal(deadline.signal.aborted, false, 'paused for longer than the timeout');
    deadline.resume();
    await sleep(2000);
    assert.equal(deadline.signal.aborted, true, 'the time still owed ran out after resuming');
    deadline.dispose();
  });

  it('starts paused when a prompt is already on screen', async () => {
    const deadline = new HumanDeadline(20, true);
    await sleep(150);
    assert.equal(deadline.signal.aborted, false);
    deadline.dispose();
  });

  it('never fires once disposed', async () => {
    const deadline = new HumanDeadline(20, false);
    deadline.dispose();
    await sleep(100);
    assert.equal(deadline.signal.aborted, false);
  });

  it('treats pause and resume as idempotent', async () => {
    const deadline = new HumanDeadline(60_000, false);
    deadline.resume();
    deadline.pause();
    deadline.pause();
    deadline.resume();
    deadline.resume();
    assert.equal(deadline.signal.aborted, false);
    deadline.dispose();
  });
});
