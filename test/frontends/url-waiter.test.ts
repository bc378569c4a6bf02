// The waiting prompts (C-14, edge case 32): the line waiter on injectable streams, and the
// automatic waiter for scripted runs.
import { strict as assert } from 'node:assert';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import type { UrlWaitInfo } from '../../src/contracts/url-step.js';
import { createAutoWaiter } from '../../src/frontends/url-wait/auto-waiter.js';
import { createLineWaiter } from '../../src/frontends/url-wait/line-waiter.js';

const info = (reason: UrlWaitInfo['reason'], url = 'https://example.com/connect'): UrlWaitInfo => ({
  server: { label: 'github' },
  url,
  message: 'Connect your account',
  reason,
});

function streams() {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8');
  });
  return { input, output, written: () => written };
}

const never = new AbortController().signal;

describe('line waiter', () => {
  it('answers done, retry or cancel from the typed letter, re-asking after anything else', async () => {
    for (const [typed, expected] of [
      ['d', 'done'],
      ['R', 'retry'],
      [' cancel ', 'cancel'],
    ] as const) {
      const s = streams();
      const waiting = createLineWaiter(s).wait(info('finish-in-browser'), never);
      s.input.write('maybe\n');
      s.input.write(`${typed}\n`);
      assert.equal(await waiting, expected);
      assert.match(s.written(), /type d \(done\), r \(retry now\) or c \(cancel\)/);
    }
  });

  it('names the server and shows the URL to copy when the browser failed', async () => {
    const s = streams();
    const waiting = createLineWaiter(s).wait(info('browser-failed'), never);
    s.input.write('d\n');
    assert.equal(await waiting, 'done');
    assert.match(s.written(), /\[github\] The browser could not be opened/);
    assert.match(s.written(), /https:\/\/example\.com\/connect/);
  });

  it('strips escape sequences from the server-provided URL before printing it', async () => {
    const s = streams();
    const waiting = createLineWaiter(s).wait(
      info('retry-pending', 'https://example.com/\u001b]8;;https://evil\u0007x'),
      never,
    );
    s.input.write('c\n');
    await waiting;
    assert.ok(!s.written().includes('\u001b'));
    assert.ok(!s.written().includes('\u0007'));
  });

  it('gives up with cancel after its time limit (edge case 32)', async () => {
    const s = streams();
    const started = Date.now();
    const choice = await createLineWaiter({ ...s, timeoutMs: 100 }).wait(info('finish-in-browser'), never);
    assert.equal(choice, 'cancel');
    assert.ok(Date.now() - started >= 90);
    assert.match(s.written(), /Stopped waiting/);
  });

  it('closes with cancel when its signal aborts or the input ends', async () => {
    const a = streams();
    const controller = new AbortController();
    const waiting = createLineWaiter(a).wait(info('finish-in-browser'), controller.signal);
    controller.abort();
    assert.equal(await waiting, 'cancel');
    const b = streams();
    const ending = createLineWaiter(b).wait(info('finish-in-browser'), never);
    b.input.end();
    assert.equal(await ending, 'cancel');
  });
});

describe('automatic waiter (scripted --open-urls)', () => {
  it('treats the exited opener as done, a failed browser as cancel, and a pending retry as retry after a pause', async () => {
    const waiter = createAutoWaiter({ retryDelayMs: 50 });
    assert.equal(await waiter.wait(info('finish-in-browser'), never), 'done');
    assert.equal(await waiter.wait(info('browser-failed'), never), 'cancel');
    const started = Date.now();
    assert.equal(await waiter.wait(info('retry-pending'), never), 'retry');
    assert.ok(Date.now() - started >= 45);
    const controller = new AbortController();
    const pending = waiter.wait(info('retry-pending'), controller.signal);
    controller.abort();
    assert.equal(await pending, 'cancel');
  });
});

describe('line waiter on a shared line source', () => {
  it('reads from the given source instead of opening its own reader', async () => {
    const typed = ['nope', 'r'];
    const reads: AbortSignal[] = [];
    const s = streams();
    const waiter = createLineWaiter({
      output: s.output,
      lines: {
        read: async (signal) => {
          reads.push(signal);
          const text = typed.shift();
          return text === undefined ? { kind: 'eof' } : { kind: 'line', text };
        },
      },
    });
    assert.equal(await waiter.wait(info('finish-in-browser'), never), 'retry');
    assert.equal(reads.length, 2);
    assert.match(s.written(), /type d \(done\)/);
  });
});
