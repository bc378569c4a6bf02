// Preloaded by the bench (node --expose-gc --require) into each forwarding process it measures:
// on SIGUSR2 it runs a full collection and writes process.memoryUsage() to $BENCH_GC_FILE, so
// memory is compared after a collection, not wherever V8's collector happened to be.
const { writeFileSync } = require('node:fs');

const file = process.env.BENCH_GC_FILE;
if (file !== undefined && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => {
    globalThis.gc();
    writeFileSync(file, JSON.stringify(process.memoryUsage()));
  });
}
