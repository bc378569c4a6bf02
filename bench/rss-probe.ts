// Preloaded (`node --import`) into each measured client process, never into the server it spawns:
// on exit it writes the process's own peak resident set size (KiB) and the CPU time it used (ms, user
// + system, its children not included) to $BENCH_RSS_FILE. CPU time hardly moves with the machine's
// load, so it shows a start-up difference that wall time on a busy machine hides.
//
// On Linux it reads VmHWM from /proc/self/status: getrusage's maxRSS (process.resourceUsage) keeps,
// across exec, the high-water mark of the process that spawned it, so a child of a big bench process
// reports the bench's peak instead of its own. Elsewhere it falls back to maxRSS.
import { readFileSync, writeFileSync } from 'node:fs';

function peakKiB(): { kib: number; source: string } {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match?.[1] !== undefined) return { kib: Number(match[1]), source: 'VmHWM' };
  } catch {
    // not Linux
  }
  return { kib: process.resourceUsage().maxRSS, source: 'maxRSS' };
}

const file = process.env.BENCH_RSS_FILE;
if (file !== undefined) {
  process.on('exit', () => {
    const { kib, source } = peakKiB();
    const cpu = process.cpuUsage();
    writeFileSync(file, `${kib} ${source} ${(cpu.user + cpu.system) / 1000}`);
  });
}
