// A hostile 2026-07-28 task (input_required for ever, thousands of input requests, a new status
// at every poll) run by a client in its own process: the live heap after a full GC must not grow
// with the number of polls, and no poll may block the event loop for long. The bounds are safety
// margins measured from outside the process, not benchmarks (bench/ holds those). Before the fix
// a run of 90 polls grew the live heap by ~64 MiB (every polled snapshot kept) and each poll kept the loop
// busy ~100 ms (0.5-1 s of wall-clock delay on a loaded machine); now ~0 MiB and ~25 ms. The
// heap bound is what fails before the fix; the busy bound (200 ms) is a safety bound.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { req } from '../helpers/req.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MiB = 1024 * 1024;

interface Sample {
  readonly early: number;
  readonly late: number;
  readonly maxBlockMs: number;
  readonly maxDelayMs: number;
  readonly polls: number;
  readonly outcome: string;
}

function probe(env: Record<string, string>): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', join(root, 'test/helpers/task-memory-probe.ts')],
      { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(line) as Sample);
      } catch {
        reject(new Error(`probe exited ${code}: ${out} ${err.slice(-2000)}`));
      }
    });
  });
}

describe('a task that polls for ever, in its own process', () => {
  it(req`2,000 input requests kept for 40 polls: the live heap stays flat and no poll blocks for long (T-05)`, async () => {
    const sample = await probe({ PROBE_COUNT: '2000', PROBE_EARLY: '10', PROBE_LATE: '50' });
    assert.match(sample.outcome, /probe done/);
    const growth = (sample.late - sample.early) / MiB;
    // Before the fix every distinct snapshot was kept: ~0.7 MiB a poll here, ~28 MiB over 40 polls.
    assert.ok(growth < 16, `live heap grew ${growth.toFixed(1)} MiB over ${sample.polls - 10} polls`);
    // Busy time, not wall time: on a loaded machine the process may wait for a core (maxDelayMs).
    assert.ok(
      sample.maxBlockMs < 200,
      `a poll kept the event loop busy ${sample.maxBlockMs.toFixed(0)} ms (wall delay ${sample.maxDelayMs.toFixed(0)} ms)`,
    );
  });
});
