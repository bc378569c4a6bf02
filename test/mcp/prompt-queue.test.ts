import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ElicitError } from '../../src/contracts/elicit-error.js';
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
    assert.deepEqual(await Promise.all([open, waiting, over]), ['shown', 'shown', 'queue-full']);
  });

  it('rate: false means no rate: 40 prompts of one server at once are all shown (the waiting cap is its own, queue-full)', async () => {
    const queue = new PromptQueue({ rate: false });
    const all = Array.from({ length: 40 }, (_, i) =>
      queue.run(
        'busy',
        never,
        async () => `shown ${i}`,
        (reason) => reason,
      ),
    );
    const results = await Promise.all(all);
    assert.deepEqual(
      results,
      all.map((_, i) => `shown ${i}`),
    );
    // With a rate in force, the default waiting cap stays 16 (a 17th prompt at once is not queued).
    const limited = new PromptQueue();
    const open = Array.from({ length: 18 }, () =>
      limited.run(
        'busy',
        never,
        async () => tick().then(() => 'shown'),
        (reason) => reason,
      ),
    );
    assert.equal((await Promise.all(open)).filter((r) => r === 'queue-full').length, 1);
  });

  describe('rate over time per server (C-21, issue 12 #9)', () => {
    const clock = () => {
      let now = 0;
      return { now: () => now, advance: (ms: number) => (now += ms) };
    };
    const ask = (queue: PromptQueue, server: string, overRate?: Parameters<PromptQueue['run']>[4]) =>
      queue.run(
        server,
        never,
        async () => 'shown',
        (reason) => reason,
        overRate,
      );

    it('a rate that cannot work is refused at construction as ElicitError "invalid-options"', () => {
      for (const rate of [
        { burst: 0, perMinute: 60 },
        { burst: 3, perMinute: 0 },
        { burst: Number.NaN, perMinute: 60 },
        { burst: 3, perMinute: -1 },
      ]) {
        assert.throws(
          () => new PromptQueue({ rate }),
          (error: unknown) =>
            error instanceof ElicitError &&
            error.code === 'invalid-options' &&
            /burst must be at least 1 and perMinute above 0/.test(error.message),
          JSON.stringify(rate),
        );
      }
      assert.deepEqual(new PromptQueue({ rate: { burst: 1, perMinute: 0.5 } }).rate, {
        burst: 1,
        perMinute: 0.5,
      });
    });

    it('rate-limit.cancels-a-server-that-asks-again-the-moment-it-is-answered', async () => {
      const time = clock();
      const queue = new PromptQueue({ rate: { burst: 3, perMinute: 60 }, now: time.now });
      const loop: string[] = [];
      for (let i = 0; i < 5; i++) loop.push(await ask(queue, 'loop'));
      assert.deepEqual(loop, ['shown', 'shown', 'shown', 'rate-limited', 'rate-limited']);
      assert.equal(await ask(queue, 'other'), 'shown', 'another server has its own budget');
      time.advance(1000); // 60 a minute: one prompt earned back each second
      assert.equal(await ask(queue, 'loop'), 'shown');
      assert.equal(await ask(queue, 'loop'), 'rate-limited');
    });

    it('asks the person when a front-end can: mute cancels it and everything after, allow gives a fresh burst', async () => {
      const time = clock();
      const queue = new PromptQueue({ rate: { burst: 1, perMinute: 1 }, now: time.now });
      assert.equal(await ask(queue, 'a'), 'shown');
      assert.equal(await ask(queue, 'a', async () => 'cancel'), 'rate-limited');
      assert.equal(await ask(queue, 'a', async () => 'allow'), 'shown');
      assert.equal(await ask(queue, 'a', async () => 'mute'), 'muted');
      assert.equal(queue.isMuted('a'), true);
      assert.equal(await ask(queue, 'a', async () => 'allow'), 'muted', 'muted servers are not asked again');
    });

    it('a request withdrawn while the person decides is skipped as withdrawn, not rate-limited', async () => {
      const queue = new PromptQueue({ rate: { burst: 1, perMinute: 1 }, now: () => 0 });
      assert.equal(await ask(queue, 'a'), 'shown');
      const withdrawn = new AbortController();
      const result = await queue.run(
        'a',
        withdrawn.signal,
        async () => 'shown',
        (reason) => reason,
        async () => {
          withdrawn.abort();
          return 'cancel';
        },
      );
      assert.equal(result, 'aborted');
    });

    it('does not count the waiting state of a URL step (exempt), and is off with rate: false', async () => {
      const limited = new PromptQueue({ rate: { burst: 1, perMinute: 1 }, now: () => 0 });
      assert.equal(await ask(limited, 'a', 'exempt'), 'shown');
      assert.equal(await ask(limited, 'a', 'exempt'), 'shown');
      assert.equal(await ask(limited, 'a'), 'shown');
      assert.equal(await ask(limited, 'a'), 'rate-limited');
      const unlimited = new PromptQueue({ rate: false });
      for (let i = 0; i < 50; i++) assert.equal(await ask(unlimited, 'a'), 'shown');
    });

    it('keeps a sensible default: ten prompts in a row, then one every six seconds', async () => {
      const time = clock();
      const queue = new PromptQueue({ now: time.now });
      assert.deepEqual(queue.rate, { burst: 10, perMinute: 10 });
      for (let i = 0; i < 10; i++) assert.equal(await ask(queue, 'wizard'), 'shown');
      assert.equal(await ask(queue, 'wizard'), 'rate-limited');
      time.advance(6000);
      assert.equal(await ask(queue, 'wizard'), 'shown');
    });
  });
});
