// Preloaded by the bench (node --expose-gc --require) into each forwarding process it measures:
// on SIGUSR2 it runs a full collection and writes process.memoryUsage() to $BENCH_GC_FILE, so
// memory is compared after a collection, not wherever V8's collector happened to be. V8 gives the
// freed pages back to the system over the next second or so, not within gc(): the resident set is
// read once it has settled (two readings 200 ms apart within 1 MiB, at most 3 s), so the number is
// the process's and not the moment's (a read straight after gc() swung by 40 MiB between runs).
const { writeFileSync } = require('node:fs');

const file = process.env.BENCH_GC_FILE;
const STEP_MS = 200;
const SETTLED_BYTES = 1024 * 1024;
const MAX_MS = 3000;

function settle(previous, waited) {
  globalThis.gc();
  const usage = process.memoryUsage();
  if (previous - usage.rss < SETTLED_BYTES || waited >= MAX_MS) {
    writeFileSync(file, JSON.stringify({ ...usage, settleMs: waited }));
    return;
  }
  setTimeout(() => settle(usage.rss, waited + STEP_MS), STEP_MS);
}

if (file !== undefined && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => settle(Number.POSITIVE_INFINITY, 0));
}
