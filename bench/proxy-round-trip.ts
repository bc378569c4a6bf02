// The proxy's cost: tools/call round trips from an SDK client straight to server-everything
// (stdio, 2025-11-25), through `mcp-elicit proxy`, through its URL face (`--listen`, Streamable
// HTTP on 127.0.0.1), through a bare SDK forwarder (the floor for any proxy built on the official
// SDK: bench/bare-forwarder.mjs) and through the same forwarder over Streamable HTTP (the floor for
// a URL face: bench/bare-http-forwarder.mjs), in alternating batches of the same run; for an
// instant tool (`echo`) and one that works 20 ms. Memory is each forwarding process's own
// resident set, which is what a proxy adds.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type ForwarderMemory, openMemoryProbe } from './forwarder-memory.js';
import { openBareHttpSide, openListenSide } from './listen-side.js';
import { type LoopbackFloor, measureLoopbackFloor } from './loopback-floor.js';
import { processCpuMs } from './process-cpu.js';
import { median } from './stats.js';

export interface ProxyBenchSettings {
  readonly rounds: number;
  readonly callsPerBatch: number;
  readonly warmupCalls: number;
}

/** Median ms per call of each side, for one workload. */
export interface ProxyWorkload {
  readonly name: string;
  readonly calls: number;
  readonly directMs: number;
  readonly bareMs: number;
  readonly proxyMs: number;
  /** The same proxy's URL face (`--listen`), reached over Streamable HTTP. */
  readonly listenMs: number;
  /** The bare forwarder served over Streamable HTTP: the SDK's own HTTP cost. */
  readonly bareHttpMs: number;
  /**
   * CPU time the forwarding process itself spent per call (user + system, from /proc), bare and
   * proxy: what the proxy adds, less moved than wall time by other jobs on a shared machine.
   */
  readonly bareCpuMs: number;
  readonly proxyCpuMs: number;
}

export interface ProxyBenchResult {
  readonly workloads: readonly ProxyWorkload[];
  /** Each forwarding process after all calls: what a proxy adds is the gap to its bare floor. */
  readonly memory: {
    readonly proxy: ForwarderMemory;
    readonly bare: ForwarderMemory;
    /** With one host session each. */
    readonly listen: ForwarderMemory;
    readonly bareHttp: ForwarderMemory;
  };
  /** One hop with no MCP in it, stdio against loopback HTTP: what any URL face starts from. */
  readonly floor: LoopbackFloor;
}

type Call = (client: Client) => Promise<unknown>;

const WORKLOADS: { name: string; call: Call; share: number }[] = [
  {
    name: 'echo (instant)',
    call: (c) => c.callTool({ name: 'echo', arguments: { message: 'bench' } }),
    share: 1,
  },
  {
    name: 'a 20 ms tool',
    call: (c) =>
      c.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 0.02, steps: 1 } }),
    share: 0.1,
  },
];

export async function measureProxy(cliBin: string, settings: ProxyBenchSettings): Promise<ProxyBenchResult> {
  const everything = join(
    dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
    'dist',
    'index.js',
  );
  const env = { PATH: process.env.PATH ?? '' };
  const server = [process.execPath, everything, 'stdio'];
  const here = dirname(fileURLToPath(import.meta.url));
  const bareScript = join(here, 'bare-forwarder.mjs');
  const probe = await openMemoryProbe();
  const gc = probe.nodeArgs;
  const direct = await open({ command: process.execPath, args: [everything, 'stdio'], env });
  const bare = await open({
    command: process.execPath,
    args: [...gc, bareScript, ...server],
    env: { ...env, ...probe.env('bare') },
  });
  const proxied = await open({
    command: process.execPath,
    args: [...gc, cliBin, 'proxy', '--protocol', 'legacy', '--no-era-cache', '--', ...server],
    env: { ...env, ...probe.env('proxy') },
  });
  const listening = await openListenSide(
    gc,
    cliBin,
    ['--protocol', 'legacy', '--no-era-cache', '--', ...server],
    { ...env, ...probe.env('listen') },
  );
  const bareHttp = await openBareHttpSide(gc, join(here, 'bare-http-forwarder.mjs'), server, {
    ...env,
    ...probe.env('bareHttp'),
  });
  const sides = [direct, bare, proxied, { client: listening.client }, { client: bareHttp.client }];
  const pids = [bare.transport.pid, proxied.transport.pid];
  try {
    const workloads: ProxyWorkload[] = [];
    for (const workload of WORKLOADS) {
      const perBatch = Math.max(1, Math.round(settings.callsPerBatch * workload.share));
      for (const side of sides)
        for (let i = 0; i < Math.max(1, Math.round(settings.warmupCalls * workload.share)); i++)
          await workload.call(side.client);
      const times = sides.map(() => [] as number[]);
      const cpuBefore = pids.map(processCpuMs);
      for (let round = 0; round < settings.rounds; round++) {
        // Rotate which side goes first so drift on a shared machine falls on all alike.
        for (let k = 0; k < sides.length; k++) {
          const index = (round + k) % sides.length;
          const client = sides[index]?.client;
          if (!client) continue;
          const start = performance.now();
          for (let i = 0; i < perBatch; i++) await workload.call(client);
          times[index]?.push((performance.now() - start) / perBatch);
        }
      }
      const [bareCpuMs, proxyCpuMs] = pids.map(
        (pid, i) => (processCpuMs(pid) - (cpuBefore[i] ?? Number.NaN)) / (settings.rounds * perBatch),
      );
      const [directMs, bareMs, proxyMs, listenMs, bareHttpMs] = times.map((t) => median(t));
      workloads.push({
        name: workload.name,
        calls: settings.rounds * perBatch,
        directMs: directMs ?? Number.NaN,
        bareMs: bareMs ?? Number.NaN,
        proxyMs: proxyMs ?? Number.NaN,
        listenMs: listenMs ?? Number.NaN,
        bareHttpMs: bareHttpMs ?? Number.NaN,
        bareCpuMs: bareCpuMs ?? Number.NaN,
        proxyCpuMs: proxyCpuMs ?? Number.NaN,
      });
    }
    return {
      workloads,
      memory: {
        proxy: await probe.read('proxy', proxied.transport.pid),
        bare: await probe.read('bare', bare.transport.pid),
        listen: await probe.read('listen', listening.pid),
        bareHttp: await probe.read('bareHttp', bareHttp.pid),
      },
      floor: await measureLoopbackFloor(settings.rounds, settings.callsPerBatch),
    };
  } finally {
    for (const side of sides.slice(0, 3)) await side.client.close();
    await listening.close();
    await bareHttp.close();
    await probe.close();
  }
}

async function open(params: { command: string; args: string[]; env: Record<string, string> }) {
  const client = new Client(
    { name: 'bench-host', version: '1.0.0' },
    { versionNegotiation: { mode: 'legacy' } },
  );
  const transport = new StdioClientTransport({ ...params, stderr: 'ignore' });
  await client.connect(transport as Transport);
  return { client, transport };
}

export function formatProxyReport(result: ProxyBenchResult | { error: string }): string {
  if ('error' in result) return `\nProxy round trip: failed: ${result.error}\n`;
  const lines = [
    '',
    'Proxy: tools/call round trips (server-everything, stdio, 2025-11-25), median ms per call',
  ];
  for (const w of result.workloads) {
    lines.push(
      `  ${w.name}, ${w.calls} calls each: direct ${w.directMs.toFixed(3)}, bare SDK forwarder ${w.bareMs.toFixed(3)} (${(w.bareMs / w.directMs).toFixed(2)}x), mcp-elicit proxy ${w.proxyMs.toFixed(3)} (${(w.proxyMs / w.directMs).toFixed(2)}x direct, ${(w.proxyMs / w.bareMs).toFixed(2)}x bare; goal <= 1.05x bare)`,
      `    CPU of the forwarding process per call: bare SDK forwarder ${w.bareCpuMs.toFixed(3)} ms, mcp-elicit proxy ${w.proxyCpuMs.toFixed(3)} ms (${(w.proxyCpuMs / w.bareCpuMs).toFixed(2)}x)`,
    );
  }
  for (const w of result.workloads) {
    lines.push(
      `  ${w.name}, URL face (--listen, Streamable HTTP): ${w.listenMs.toFixed(3)} (${(w.listenMs / w.proxyMs).toFixed(2)}x the stdio face, goal <= 1.10x; ${(w.listenMs / w.directMs).toFixed(2)}x direct); bare SDK forwarder over Streamable HTTP ${w.bareHttpMs.toFixed(3)} (${(w.bareHttpMs / w.bareMs).toFixed(2)}x the bare stdio forwarder: the SDK's HTTP floor), so the URL face is ${(w.listenMs / w.bareHttpMs).toFixed(2)}x the bare HTTP forwarder`,
    );
  }
  lines.push(formatFloor(result.floor, result.workloads[0]), ...formatMemory(result.memory), '');
  return lines.join('\n');
}

/** The least an HTTP hop adds over a stdio hop, set against the stdio face's instant call. */
function formatFloor(floor: LoopbackFloor, instant: ProxyWorkload | undefined): string {
  const extra = floor.httpMs - floor.stdioMs;
  const best = instant
    ? ` so a URL face on node:http could reach ${((instant.proxyMs + extra) / instant.proxyMs).toFixed(2)}x the stdio face at best for an instant tool`
    : '';
  return `  one hop with no MCP, median ms per round trip: stdio pipe ${floor.stdioMs.toFixed(3)}, loopback HTTP (node:http both ends) ${floor.httpMs.toFixed(3)}, loopback HTTP with a fetch client ${floor.fetchMs.toFixed(3)}: HTTP adds at least ${extra.toFixed(3)} ms a hop,${best}`;
}

/** Resident set and live heap after a full collection, each proxy face against its bare floor. */
function formatMemory(memory: ProxyBenchResult['memory']): string[] {
  const mib = (kib: number) => (kib / 1024).toFixed(1);
  const one = (m: ForwarderMemory) =>
    `${mib(m.rssKiB)} MiB (live heap ${mib(m.heapKiB)}, peak ${mib(m.peakKiB)})`;
  const signed = (kib: number) => `${kib < 0 ? '' : '+'}${mib(kib)}`;
  const gap = (a: ForwarderMemory, b: ForwarderMemory) =>
    `${signed(a.rssKiB - b.rssKiB)} MiB resident, ${signed(a.heapKiB - b.heapKiB)} MiB live heap`;
  return [
    `  memory after the calls and a full collection: mcp-elicit proxy ${one(memory.proxy)}, bare SDK forwarder ${one(memory.bare)}: ${gap(memory.proxy, memory.bare)} (goal <= +10 MiB)`,
    `  the same with one host session over Streamable HTTP: URL face ${one(memory.listen)}, bare SDK forwarder over Streamable HTTP ${one(memory.bareHttp)}: ${gap(memory.listen, memory.bareHttp)}`,
  ];
}
