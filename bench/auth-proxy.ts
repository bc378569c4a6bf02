// `mcp-elicit proxy --url` in front of a protected server vs mcp-remote (npm, the most used
// stdio-to-remote bridge) doing the same job: an SDK client host over stdio, the same protected
// fixture (oidc-provider + SDK server, JWT access tokens), both already signed in (each keeps its
// own tokens). Measured in one run, alternating: start-up (spawn to initialized, upstream
// connection included), per-call latency, and each bridge process's resident memory.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startAuthServer } from '../test/fixtures/auth/authorization-server.js';
import { freePort, mcpUrlFor, startProtectedServer } from '../test/fixtures/auth/protected-server.js';
import { timeRun } from './auth-call.js';
import { processCpuMs } from './process-cpu.js';
import { median } from './stats.js';

export interface BridgeStats {
  readonly startMs: number;
  readonly callMs: number;
  /** CPU time of the bridge process itself per call (from /proc): its own cost, not the server's. */
  readonly cpuMsPerCall: number;
  readonly rssMiB: number;
}

export interface AuthProxyResult {
  readonly starts: number;
  readonly calls: number;
  readonly elicit: BridgeStats;
  readonly remote: BridgeStats;
  /** mcp-elicit proxy per call to the same tools with authorization off: what signing in adds. */
  readonly elicitOpenCallMs: number;
  /** The same proxy's own CPU per call with authorization off. */
  readonly elicitOpenCpuMs: number;
  readonly mcpRemoteVersion: string;
}

export interface AuthProxySettings {
  readonly starts: number;
  readonly rounds: number;
  readonly callsPerBatch: number;
}

interface Side {
  readonly name: 'elicit' | 'remote';
  readonly command: string;
  readonly args: string[];
  readonly env: Record<string, string>;
}

export async function measureAuthProxy(
  root: string,
  cliBin: string,
  s: AuthProxySettings,
): Promise<AuthProxyResult> {
  const port = await freePort();
  const as = await startAuthServer({ resource: mcpUrlFor(port) });
  const rs = await startProtectedServer({ issuer: as.issuer, port });
  const openRs = await startProtectedServer({});
  const scratch = await mkdtemp(join(root, '.bench', 'auth-proxy-'));
  const remotePackage = dirname(createRequire(import.meta.url).resolve('mcp-remote/package.json'));
  const browser = join(root, 'test/fixtures/auth/sign-in-browser.mjs');
  const base = { PATH: process.env.PATH ?? '', HOME: scratch };
  const elicit: Side = {
    name: 'elicit',
    command: process.execPath,
    args: [cliBin, 'proxy', '--protocol', 'legacy', '--no-era-cache', '--ui', 'scripted', '--url', rs.url],
    env: { ...base, MCP_ELICIT_AUTH_DIR: join(scratch, 'elicit-auth') },
  };
  // mcp-remote would open a browser with `open`; BROWSER names a no-op so nothing is launched,
  // and the bench plays the person with the link it prints (below).
  const remote: Side = {
    name: 'remote',
    command: process.execPath,
    args: [join(remotePackage, 'dist', 'proxy.js'), rs.url, String(await freePort()), '--allow-http'],
    env: { ...base, MCP_REMOTE_CONFIG_DIR: join(scratch, 'remote-auth'), BROWSER: 'true' },
  };
  try {
    await timeRun(cliBin, ['--open-urls', 'auth', 'login', '--url', rs.url], {
      ...elicit.env,
      BROWSER: `"${process.execPath}" "${browser}"`,
    });
    await (await open(remote, browser)).client.close();
    const startTimes = { elicit: [] as number[], remote: [] as number[] };
    for (let i = 0; i < s.starts; i++) {
      for (const side of i % 2 === 0 ? [elicit, remote] : [remote, elicit]) {
        const started = await open(side);
        startTimes[side.name].push(started.ms);
        await started.client.close();
      }
    }
    const openSide: Side = { ...elicit, args: [...elicit.args.slice(0, -1), openRs.url] };
    const hosts = { elicit: await open(elicit), remote: await open(remote), open: await open(openSide) };
    const call = (client: Client) => client.callTool({ name: 'vault_code', arguments: {} });
    for (const h of Object.values(hosts)) for (let i = 0; i < 20; i++) await call(h.client);
    const callTimes = { elicit: [] as number[], remote: [] as number[], open: [] as number[] };
    const order = ['elicit', 'remote', 'open'] as const;
    const cpuBefore = Object.fromEntries(order.map((n) => [n, processCpuMs(hosts[n].transport.pid)]));
    for (let round = 0; round < s.rounds; round++) {
      // Rotate which side goes first so drift on a shared machine falls on all alike.
      for (let k = 0; k < order.length; k++) {
        const name = order[(round + k) % order.length] ?? 'elicit';
        const start = performance.now();
        for (let i = 0; i < s.callsPerBatch; i++) await call(hosts[name].client);
        callTimes[name].push((performance.now() - start) / s.callsPerBatch);
      }
    }
    const calls = s.rounds * s.callsPerBatch;
    const cpuPerCall = (name: (typeof order)[number]) =>
      (processCpuMs(hosts[name].transport.pid) - (cpuBefore[name] ?? Number.NaN)) / calls;
    const stats = (name: 'elicit' | 'remote'): BridgeStats => ({
      startMs: median(startTimes[name]),
      callMs: median(callTimes[name]),
      cpuMsPerCall: cpuPerCall(name),
      rssMiB: rssKiB(hosts[name].transport.pid) / 1024,
    });
    const result = {
      starts: s.starts,
      calls,
      elicit: stats('elicit'),
      remote: stats('remote'),
      elicitOpenCallMs: median(callTimes.open),
      elicitOpenCpuMs: cpuPerCall('open'),
      mcpRemoteVersion: (
        JSON.parse(readFileSync(join(remotePackage, 'package.json'), 'utf8')) as { version: string }
      ).version,
    };
    for (const h of Object.values(hosts)) await h.client.close();
    return result;
  } finally {
    await Promise.allSettled([rs.close(), openRs.close()]);
    await as.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Starts a bridge under an SDK client host; with `signInWith`, plays the person at the printed link. */
async function open(side: Side, signInWith?: string) {
  const client = new Client(
    { name: 'bench-host', version: '1.0.0' },
    { versionNegotiation: { mode: 'legacy' } },
  );
  const transport = new StdioClientTransport({
    command: side.command,
    args: side.args,
    env: side.env,
    stderr: 'pipe',
  });
  let stderr = '';
  let visited = false;
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/auth\?\S+)/.exec(stderr)?.[1];
    if (signInWith !== undefined && link !== undefined && !visited) {
      visited = true;
      execFile(process.execPath, [signInWith, link], () => {});
    }
  });
  const start = performance.now();
  try {
    await client.connect(transport as Transport);
  } catch (error) {
    throw new Error(`${side.name} did not start: ${(error as Error).message}\n${stderr.slice(-600)}`);
  }
  return { client, transport, ms: performance.now() - start };
}

function rssKiB(pid: number | null): number {
  if (pid === null) return Number.NaN;
  try {
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  } catch {
    return Number.NaN;
  }
}

export function formatAuthProxy(r: AuthProxyResult | { error: string }): string {
  if ('error' in r) return `\nProxy vs mcp-remote: failed: ${r.error}\n`;
  const ratio = (a: number, b: number) =>
    `${(a / b).toFixed(2)}x (goal <= 1.00x: ${a / b <= 1 ? 'met' : 'NOT met'})`;
  const { elicit: e, remote: m } = r;
  return [
    '',
    `Proxy vs mcp-remote ${r.mcpRemoteVersion}: a protected server, both signed in, host over stdio (2025-11-25)`,
    `  start-up (spawn to initialized, median of ${r.starts}): ${e.startMs.toFixed(0)} ms vs ${m.startMs.toFixed(0)} ms: ${ratio(e.startMs, m.startMs)}`,
    `  per call (median over ${r.calls} calls each): ${e.callMs.toFixed(3)} ms vs ${m.callMs.toFixed(3)} ms: ${ratio(e.callMs, m.callMs)}`,
    `  mcp-elicit proxy per call with authorization off (same tools): ${r.elicitOpenCallMs.toFixed(3)} ms, so signing in adds ${(e.callMs / r.elicitOpenCallMs).toFixed(2)}x (the protected server's token check included)`,
    `  CPU of the bridge process per call: mcp-elicit signed in ${e.cpuMsPerCall.toFixed(3)} ms, authorization off ${r.elicitOpenCpuMs.toFixed(3)} ms (${(e.cpuMsPerCall / r.elicitOpenCpuMs).toFixed(2)}x; goal <= 1.05x), mcp-remote ${m.cpuMsPerCall.toFixed(3)} ms`,
    `  resident memory: ${e.rssMiB.toFixed(1)} MiB vs ${m.rssMiB.toFixed(1)} MiB: ${ratio(e.rssMiB, m.rssMiB)}`,
    '',
  ].join('\n');
}
