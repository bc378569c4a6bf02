// Preloaded into the demo server (`node --import <this file>?out=<path> dist/demo/main.js`) on both
// sides of the CLI comparison: each server process started appends one line to <path>, so a run
// reports how many server processes it spawned (an era probe may use a disposable sibling). The path
// travels in the import URL because the SDK's stdio transport does not pass the environment on.
import { appendFileSync } from 'node:fs';

const out = new URL(import.meta.url).searchParams.get('out');
if (out !== null) appendFileSync(out, `${process.pid}\n`);
