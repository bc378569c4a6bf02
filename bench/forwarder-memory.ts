// The memory of a forwarding process the bench measures, read the same way for each: resident set
// and live heap after a full collection (bench/gc-probe.cjs, asked by signal), and the peak
// resident set from /proc. A single reading without the collection moved by tens of MiB between
// runs of the same build, with the collector's timing.
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export interface ForwarderMemory {
  /** Resident set after a full collection, KiB. */
  readonly rssKiB: number;
  /** Live JavaScript heap after a full collection, KiB. */
  readonly heapKiB: number;
  /** Peak resident set (VmHWM), KiB: the start-up peak. */
  readonly peakKiB: number;
}

export interface MemoryProbe {
  /** Node options that load the probe; they go before the script. */
  readonly nodeArgs: readonly string[];
  /** The environment variable that names where this process reports. */
  env(name: string): Record<string, string>;
  read(name: string, pid: number | null): Promise<ForwarderMemory>;
  close(): Promise<void>;
}

const PROBE = join(dirname(fileURLToPath(import.meta.url)), 'gc-probe.cjs');
const NONE: ForwarderMemory = { rssKiB: Number.NaN, heapKiB: Number.NaN, peakKiB: Number.NaN };

export async function openMemoryProbe(): Promise<MemoryProbe> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-elicit-bench-gc-'));
  const file = (name: string) => join(dir, `${name}.json`);
  return {
    nodeArgs: ['--expose-gc', '--require', PROBE],
    env: (name) => ({ BENCH_GC_FILE: file(name) }),
    read: (name, pid) => (pid === null ? Promise.resolve(NONE) : collect(file(name), pid)),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

async function collect(file: string, pid: number): Promise<ForwarderMemory> {
  const peakKiB = peak(pid);
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 8000; waited += 50) {
    await sleep(50);
    const text = await readFile(file, 'utf8').catch(() => '');
    const usage = parse(text);
    if (usage) return { rssKiB: usage.rss / 1024, heapKiB: usage.heapUsed / 1024, peakKiB };
  }
  throw new Error(`process ${pid} did not report its memory within 8 s`);
}

/** Not there yet, or caught mid-write: undefined, and the caller reads again. */
function parse(text: string): { rss: number; heapUsed: number } | undefined {
  try {
    return JSON.parse(text) as { rss: number; heapUsed: number };
  } catch {
    return undefined;
  }
}

function peak(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1]);
  } catch {
    return Number.NaN;
  }
}
