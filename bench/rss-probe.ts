// Preloaded (`node --import`) into each measured client process, never into the server it spawns:
// on exit it writes the process's own peak resident set size (KiB) to $BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file !== undefined) {
  process.on('exit', () => {
    writeFileSync(file, String(process.resourceUsage().maxRSS));
  });
}
