// The proxy's cost: tools/call round trips from an SDK client straight to server-everything
// (stdio, 2025-11-25), through `mcp-elicit proxy`, through its URL face (`--listen`, Streamable
// HTTP on 127.0.0.1), through a bare SDK forwarder (the floor for any proxy built on the official
// SDK: bench/bare-forwarder.mjs) and through the same forwarder over Streamable HTTP (the floor for
// a URL face: bench/bare-http-forwarder.mjs), in alternating batches of the same run; for an
// instant tool (`echo`) and one that works 20 ms. Memory is each forwarding process's own
// resident set, which is what a proxy adds.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { openBareHttpSide, openListenSide } from './listen-side.js';
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
}

export interface ProxyBenchResult {
  readonly workloads: readonly ProxyWorkload[];
  /** Resident set (KiB) now and at peak, after all calls: the proxy and the bare forwarder. */
  readonly proxyRssKiB: number;
  readonly proxyPeakKiB: number;
  readonly bareRssKiB: number;
  readonly barePeakKiB: number;
  readonly listenRssKiB: number;
  readonly bareHttpRssKiB: number;
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
  const direct = await open({ command: process.execPath, args: [everything, 'stdio'], env });
  const bare = await open({ command: process.execPath, args: [bareScript, ...server], env });
  const proxied = await open({
    command: process.execPath,
    args: [cliBin, 'proxy', '--protocol', 'legacy', '--no-era-cache', '--', ...server],
    env,
  });
  const listening = await openListenSide(
    cliBin,
    ['--protocol', 'legacy', '--no-era-cache', '--', ...server],
    env,
  );
  const bareHttp = await openBareHttpSide(join(here, 'bare-http-forwarder.mjs'), server, env);
  const sides = [direct, bare, proxied, { client: listening.client }, { client: bareHttp.client }];
  try {
    const workloads: ProxyWorkload[] = [];
    for (const workload of WORKLOADS) {
      const perBatch = Math.max(1, Math.round(settings.callsPerBatch * workload.share));
      for (const side of sides)
        for (let i = 0; i < Math.max(1, Math.round(settings.warmupCalls * workload.share)); i++)
          await workload.call(side.client);
      const times = sides.map(() => [] as number[]);
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
      const [directMs, bareMs, proxyMs, listenMs, bareHttpMs] = times.map((t) => median(t));
      workloads.push({
        name: workload.name,
        calls: settings.rounds * perBatch,
        directMs: directMs ?? Number.NaN,
        bareMs: bareMs ?? Number.NaN,
        proxyMs: proxyMs ?? Number.NaN,
        listenMs: listenMs ?? Number.NaN,
        bareHttpMs: bareHttpMs ?? Number.NaN,
      });
    }
    const proxyMemory = readMemory(proxied.transport.pid);
    const bareMemory = readMemory(bare.transport.pid);
    return {
      workloads,
      proxyRssKiB: proxyMemory.rss,
      proxyPeakKiB: proxyMemory.peak,
      bareRssKiB: bareMemory.rss,
      barePeakKiB: bareMemory.peak,
      listenRssKiB: readMemory(listening.pid).rss,
      bareHttpRssKiB: readMemory(bareHttp.pid).rss,
    };
  } finally {
    for (const side of sides.slice(0, 3)) await side.client.close();
    await listening.close();
    await bareHttp.close();
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

function readMemory(pid: number | null): { rss: number; peak: number } {
  if (pid === null) return { rss: Number.NaN, peak: Number.NaN };
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1]);
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

export function formatProxyReport(result: ProxyBenchResult | { error: string }): string {
  if ('error' in result) return `\nProxy round trip: failed: ${result.error}\n`;
  const mib = (kib: number) => (kib / 1024).toFixed(1);
  const lines = [
    '',
    'Proxy: tools/call round trips (server-everything, stdio, 2025-11-25), median ms per call',
  ];
  for (const w of result.workloads) {
    lines.push(
      `  ${w.name}, ${w.calls} calls each: direct ${w.directMs.toFixed(3)}, bare SDK forwarder ${w.bareMs.toFixed(3)} (${(w.bareMs / w.directMs).toFixed(2)}x), mcp-elicit proxy ${w.proxyMs.toFixed(3)} (${(w.proxyMs / w.directMs).toFixed(2)}x direct, ${(w.proxyMs / w.bareMs).toFixed(2)}x bare; goal <= 1.10x direct)`,
    );
  }
  for (const w of result.workloads) {
    lines.push(
      `  ${w.name}, URL face (--listen, Streamable HTTP): ${w.listenMs.toFixed(3)} (${(w.listenMs / w.proxyMs).toFixed(2)}x the stdio face, goal <= 1.10x; ${(w.listenMs / w.directMs).toFixed(2)}x direct); bare SDK forwarder over Streamable HTTP ${w.bareHttpMs.toFixed(3)} (${(w.bareHttpMs / w.bareMs).toFixed(2)}x the bare stdio forwarder: the SDK's HTTP floor), so the URL face is ${(w.listenMs / w.bareHttpMs).toFixed(2)}x the bare HTTP forwarder`,
    );
  }
  lines.push(
    `  resident memory with one host session: URL face ${mib(result.listenRssKiB)} MiB, bare SDK forwarder over Streamable HTTP ${mib(result.bareHttpRssKiB)} MiB (+${mib(result.listenRssKiB - result.bareHttpRssKiB)} MiB)`,
    `  resident memory: mcp-elicit proxy ${mib(result.proxyRssKiB)} MiB (peak ${mib(result.proxyPeakKiB)}), bare SDK forwarder ${mib(result.bareRssKiB)} MiB (peak ${mib(result.barePeakKiB)}): the proxy adds ${mib(result.proxyRssKiB - result.bareRssKiB)} MiB over the bare forwarder (goal <= +10 MiB)`,
    '',
  );
  return lines.join('\n');
}
