// The lock processes share while one refreshes a token: one holder at a time, a waiter goes on
// when the holder lets go, and a lock left by a process that is gone (or held too long) is taken
// over instead of blocking every later run.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { withFileLock } from '../../src/files/file-lock.js';
import { req } from '../helpers/req.js';

const lockIn = () => join(mkdtempSync(join(tmpdir(), 'mcp-elicit-lock-')), 'store.json.lock');

describe('the shared lock', () => {
  it(req`lets one holder in at a time; the next goes on when the first lets go, and the file is removed (A-45)`, async () => {
    const file = lockIn();
    const order: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const firstIn = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const first = withFileLock(file, async () => {
      order.push('first in');
      entered();
      await held;
      order.push('first out');
    });
    await firstIn;
    const second = withFileLock(file, async () => {
      order.push('second in');
    });
    // Asserts that nothing happens for this long: the second waits while the first holds the lock.
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(order, ['first in'], 'no second holder while the first holds it');
    release();
    await Promise.all([first, second]);
    assert.deepEqual(order, ['first in', 'first out', 'second in']);
    assert.equal(existsSync(file), false);
  });

  it(req`takes over a lock whose holder is gone, or that is older than the stale limit (A-45)`, async () => {
    const gone = lockIn();
    // A pid far above any pid_max: no such process.
    writeFileSync(gone, `999999999 ${Date.now()}\n`, { mode: 0o600 });
    assert.equal(await withFileLock(gone, async () => 'taken'), 'taken');
    const old = lockIn();
    writeFileSync(old, `${process.pid} ${Date.now() - 120_000}\n`, { mode: 0o600 });
    assert.equal(await withFileLock(old, async () => 'taken', { staleMs: 60_000 }), 'taken');
  });

  it('goes on without the lock when waiting runs out, leaving the holder its lock', async () => {
    const file = lockIn();
    writeFileSync(file, `${process.pid} ${Date.now()}\n`, { mode: 0o600 });
    assert.equal(await withFileLock(file, async () => 'ran', { waitMs: 100 }), 'ran');
    assert.equal(existsSync(file), true, "someone else's lock is not removed");
  });
});
