// A client in its own process (run with --expose-gc) for test/mcp/tasks-memory.test.ts: calls the
// hostile fixture's `flood` task (input_required for ever with COUNT input requests, a changed
// status at every poll), and prints one JSON line: the live heap after a full GC at poll EARLY
// and at poll LATE, and the longest event-loop block between them (perf_hooks).
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
const controller = new AbortController();
const sample: {
  early?: number;
  late?: number;
  maxBlockMs?: number;
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
    } else if (poll >= late && sample.late === undefined) {
      sample.maxBlockMs = delay.max / 1e6;
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
