import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PromptQueue } from '../../src/mcp/prompt-queue.js';
import { req } from '../helpers/req.js';

const never = new AbortController().signal;
const tick = () => new Promise((r) => setTimeout(r, 5));

describe(req`PromptQueue (E-39, C-21)`, () => {
  it('shows one prompt at a time, in order, and tells each how many wait behind it', async () => {
    const queue = new PromptQueue();
    const log: string[] = [];
    const activity: boolean[] = [];
    queue.onActivity((active) => activity.push(active));
    const show = (name: string) => async (waiting: () => number) => {
      log.push(`open ${name}`);
      await tick();
      // `waiting` is live: the other requests have arrived by now.
      log.push(`close ${name} (${waiting()} waiting)`);
      return name;
    };
    const results = await Promise.all([
      queue.run('a', never, show('first'), () => 'skipped'),
      queue.run('b', never, show('second'), () => 'skipped'),
      queue.run('a', never, show('third'), () => 'skipped'),
    ]);
    assert.deepEqual(results, ['first', 'second', 'third']);
    assert.deepEqual(log, [
      'open first',
      'close first (2 waiting)',
      'open second',
      'close second (1 waiting)',
      'open third',
      'close third (0 waiting)',
    ]);
    assert.deepEqual(activity, [true, false], 'busy once, idle once');
  });

  it('never shows a prompt whose request was withdrawn while it waited', async () => {
    const queue = new PromptQueue();
    const withdrawn = new AbortController();
    let shown = false;
    const first = queue.run(
      'a',
      never,
      async () => tick(),
      () => 'skipped',
    );
    const second = queue.run(
      'a',
      withdrawn.signal,
      async () => {
        shown = true;
      },
      (reason) => reason,
    );
    withdrawn.abort();
    await first;
    assert.equal(await second, 'aborted');
    assert.equal(shown, false);
  });

  it('skips every prompt of a muted server, and cancels beyond the per-server limit', async () => {
    const queue = new PromptQueue({ maxWaitingPerServer: 1 });
    queue.mute('noisy');
    assert.equal(
      await queue.run(
        'noisy',
        never,
        async () => 'shown',
        (reason) => reason,
      ),
      'muted',
    );
    const open = queue.run(
      'busy',
      never,
      async () => tick().then(() => 'shown'),
      (reason) => reason,
    );
    const waiting = queue.run(
      'busy',
      never,
      async () => 'shown',
      (reason) => reason,
    );
    const over = queue.run(
      'busy',
      never,
      async () => 'shown',
      (reason) => reason,
    );
    assert.deepEqual(await Promise.all([open, waiting, over]), ['shown', 'shown', 'rate-limited']);
  });
});
