// CPU time a child process has used so far (user + system, ms), read from /proc on Linux; NaN
// elsewhere or once it has gone. The proxy bench reads it around the calls of each forwarder.
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat on Linux (USER_HZ, 100 on every common build). */
const TICK_MS = 10;

export function processCpuMs(pid: number | null | undefined): number {
  if (pid === null || pid === undefined) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}
