// The proxy's cost: a tools/call round trip (server-everything `echo`, stdio, 2025-11-25) from an
// SDK client straight to the server, against the same client through `mcp-elicit proxy`, in
// alternating batches of the same run; and the proxy process's own memory (its added RSS).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { median } from './stats.js';

export interface ProxyBenchSettings {
  readonly rounds: number;
  readonly callsPerBatch: number;
  readonly warmupCalls: number;
}

export interface ProxyBenchResult {
  readonly directMs: number;
  readonly proxyMs: number;
  readonly ratio: number;
  /** The proxy process: resident now and at its peak (KiB). */
  readonly proxyRssKiB: number;
  readonly proxyPeakKiB: number;
  readonly calls: number;
}

export async function measureProxy(cliBin: string, settings: ProxyBenchSettings): Promise<ProxyBenchResult> {
  const everything = join(
    dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
    'dist',
    'index.js',
  );
  const env = { PATH: process.env.PATH ?? '' };
  const direct = await open({ command: process.execPath, args: [everything, 'stdio'], env });
  const proxied = await open({
    command: process.execPath,
    args: [
      cliBin,
      'proxy',
      '--protocol',
      'legacy',
      '--no-era-cache',
      '--',
      process.execPath,
      everything,
      'stdio',
    ],
    env,
  });
  try {
    const call = (client: Client) => client.callTool({ name: 'echo', arguments: { message: 'bench' } });
    for (let i = 0; i < settings.warmupCalls; i++) {
      await call(direct.client);
      await call(proxied.client);
    }
    const directTimes: number[] = [];
    const proxyTimes: number[] = [];
    for (let round = 0; round < settings.rounds; round++) {
      // Alternate which goes first so drift on a shared machine falls on both sides alike.
      const order = round % 2 === 0 ? [direct, proxied] : [proxied, direct];
      for (const side of order) {
        const start = performance.now();
        for (let i = 0; i < settings.callsPerBatch; i++) await call(side.client);
        const perCall = (performance.now() - start) / settings.callsPerBatch;
        (side === direct ? directTimes : proxyTimes).push(perCall);
      }
    }
    const memory = readMemory(proxied.transport.pid);
    const directMs = median(directTimes);
    const proxyMs = median(proxyTimes);
    return {
      directMs,
      proxyMs,
      ratio: proxyMs / directMs,
      proxyRssKiB: memory.rss,
      proxyPeakKiB: memory.peak,
      calls: settings.rounds * settings.callsPerBatch,
    };
  } finally {
    await direct.client.close();
    await proxied.client.close();
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
  return [
    '',
    `Proxy: tools/call round trip (server-everything echo, stdio, 2025-11-25), ${result.calls} calls each`,
    `  direct SDK client   ${result.directMs.toFixed(3)} ms/call (median of batches)`,
    `  through the proxy   ${result.proxyMs.toFixed(3)} ms/call   ratio ${result.ratio.toFixed(2)}x (goal <= 1.10x)`,
    `  proxy process RSS   ${mib(result.proxyRssKiB)} MiB now, ${mib(result.proxyPeakKiB)} MiB peak (added memory; goal <= 60 MiB)`,
    '',
  ].join('\n');
}
