// A client in its own process (run with --expose-gc) for test/mcp/tasks-memory.test.ts: calls the
// hostile fixture's `flood` task (input_required for ever with COUNT input requests, a changed
// status at every poll), and prints one JSON line: the live heap after a full GC at poll EARLY
// and at poll LATE, and the longest event-loop block between them. The block is measured by a
// 10 ms ticker as the lesser of its lateness and the CPU time the process used meanwhile, so a
// process merely waiting for a core on a loaded machine does not count as blocking; the
// wall-clock delay (perf_hooks) is reported beside it.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { attachElicitation, ScriptedRenderer } from '../../src/index.js';
import { hostileTasksStdioCommand } from './servers.js';

const count = Number(process.env.PROBE_COUNT ?? 2000);
const early = Number(process.env.PROBE_EARLY ?? 10);
const late = Number(process.env.PROBE_LATE ?? 100);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');

const liveHeap = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const client = new Client(
  { name: 'task-memory-probe', version: '1.0.0' },
  { versionNegotiation: { mode: { pin: '2026-07-28' } } },
);
const delay = monitorEventLoopDelay({ resolution: 10 });

/** The longest stretch the loop spent busy (lateness of a 10 ms tick, capped by CPU time used). */
function blockMeter(): { stop(): number } {
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let lastAt = performance.now();
  let lastCpu = cpuMs();
  let max = 0;
  const timer = setInterval(() => {
    const at = performance.now();
    const cpu = cpuMs();
    max = Math.max(max, Math.min(at - lastAt - 10, cpu - lastCpu));
    lastAt = at;
    lastCpu = cpu;
  }, 10);
  return {
    stop: () => {
      clearInterval(timer);
      return max;
    },
  };
}
let meter: ReturnType<typeof blockMeter> | undefined;
const controller = new AbortController();
const sample: {
  early?: number;
  late?: number;
  maxBlockMs?: number;
  maxDelayMs?: number;
  p99BlockMs?: number;
  meanBlockMs?: number;
  polls?: number;
} = {};
const session = attachElicitation(client, {
  renderer: new ScriptedRenderer({ sets: { answer: 'yes' } }),
  server: 'hostile',
  onTaskEvent: (event) => {
    const poll = Number(/^poll (\d+)$/.exec(event.statusMessage ?? '')?.[1] ?? 0);
    if (poll >= early && sample.early === undefined) {
      sample.early = liveHeap();
      // The GC above blocks the loop itself: measure only what follows it.
      delay.enable();
      delay.reset();
      meter = blockMeter();
    } else if (poll >= late && sample.late === undefined) {
      sample.maxBlockMs = meter?.stop() ?? Number.NaN;
      sample.maxDelayMs = delay.max / 1e6;
      sample.p99BlockMs = delay.percentile(99) / 1e6;
      sample.meanBlockMs = delay.mean / 1e6;
      delay.disable();
      sample.late = liveHeap();
      sample.polls = poll;
      controller.abort(new Error('probe done'));
    }
  },
});
await client.connect(
  new StdioClientTransport({
    ...hostileTasksStdioCommand(),
    env: { ...(process.env as Record<string, string>), HOSTILE_TASKS_ERA: '2026' },
    stderr: 'ignore',
  }),
);
const outcome = await session
  .callTool({ name: 'flood', arguments: { count } }, { signal: controller.signal })
  .then(
    () => 'completed',
    (error: unknown) => String(error),
  );
process.stdout.write(`${JSON.stringify({ ...sample, outcome })}\n`);
await client.close();
process.exit(0);
