import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { UrlCompletionTracker } from '../../src/mcp/url-completion.js';
import { req } from '../helpers/req.js';

describe('UrlCompletionTracker', () => {
  it(req`completes a pending id once and ignores a duplicate notification (C-12, E-29)`, () => {
    const t = new UrlCompletionTracker();
    assert.equal(t.pending('el-1'), true);
    assert.equal(t.complete('el-1'), 'completed');
    assert.equal(t.state('el-1'), 'completed');
    assert.equal(t.complete('el-1'), 'already-completed');
  });

  it(req`ignores a notification for an id it never saw (C-12, E-29)`, () => {
    const t = new UrlCompletionTracker();
    assert.equal(t.complete('nobody-asked'), 'unknown');
    assert.equal(t.state('nobody-asked'), undefined);
  });

  it(req`treats the id of a declined or cancelled elicitation as unknown afterwards (E-30)`, () => {
    const t = new UrlCompletionTracker();
    t.pending('el-2');
    t.drop('el-2');
    assert.equal(t.complete('el-2'), 'unknown');
  });

  it(req`flags an id reused while still pending or after completion, without changing its state (E-28)`, () => {
    const t = new UrlCompletionTracker();
    assert.equal(t.pending('dup'), true);
    assert.equal(t.pending('dup'), false);
    assert.equal(t.state('dup'), 'pending');
    t.complete('dup');
    assert.equal(t.pending('dup'), false);
    assert.equal(t.state('dup'), 'completed');
  });

  it(req`treats ids as opaque strings: no trimming, case folding or UUID assumptions (C-11, E-27)`, () => {
    const t = new UrlCompletionTracker();
    t.pending('ABC ');
    assert.equal(t.complete('abc '), 'unknown');
    assert.equal(t.complete('ABC'), 'unknown');
    assert.equal(t.complete('ABC '), 'completed');
    assert.equal(t.pending('{"not":"a uuid"}'), true);
  });

  it(req`keeps ids of different connections apart (one tracker per server) (S-13, E-27)`, () => {
    const a = new UrlCompletionTracker();
    const b = new UrlCompletionTracker();
    a.pending('same-id');
    assert.equal(b.complete('same-id'), 'unknown');
    assert.equal(a.state('same-id'), 'pending');
  });

  it(req`accepts a completion that arrives before the consent was answered (E-31)`, async () => {
    const t = new UrlCompletionTracker();
    t.pending('early');
    t.complete('early');
    assert.equal(await t.waitFor(['early']), 'completed');
  });

  it('waits until every listed id is completed', async () => {
    const t = new UrlCompletionTracker();
    t.pending('a');
    t.pending('b');
    let settled: string | undefined;
    const waiting = t.waitFor(['a', 'b']).then((r) => {
      settled = r;
      return r;
    });
    t.complete('a');
    await new Promise((r) => setImmediate(r));
    assert.equal(settled, undefined);
    assert.deepEqual(t.pendingIds, ['b']);
    t.complete('b');
    assert.equal(await waiting, 'completed');
  });

  it('stops waiting with dropped when a waited id is dropped, and with aborted on the signal', async () => {
    const t = new UrlCompletionTracker();
    t.pending('x');
    const dropped = t.waitFor(['x']);
    t.drop('x');
    assert.equal(await dropped, 'dropped');
    t.pending('y');
    const controller = new AbortController();
    const aborted = t.waitFor(['y'], controller.signal);
    controller.abort();
    assert.equal(await aborted, 'aborted');
  });
});
