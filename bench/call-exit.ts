// Issue 32: a `call` printed its result and then took 0.35 s more to exit, waiting on a server that
// idles on a timer after its stdin closes (server-everything). Times one `mcp-elicit --protocol
// legacy call echo` against server-everything over stdio from spawn to the result on stdout and from
// spawn to exit, so the wait after the result is its own number.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { median } from './stats.js';

export interface CallExitResult {
  readonly runs: number;
  /** Medians, ms: spawn to the result line on stdout, spawn to exit, and exit minus result. */
  readonly resultMs: number;
  readonly exitMs: number;
  readonly afterResultMs: number;
  readonly afterResultMsAll: number[];
}

const RUN_TIMEOUT_MS = 30_000;

function everythingMain(): string {
  const pkg = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json');
  return join(dirname(pkg), 'dist', 'index.js');
}

async function runOnce(cliBin: string, server: string): Promise<{ resultMs: number; exitMs: number }> {
  const argv = [cliBin, '--protocol', 'legacy', 'call', 'echo', '--arg', 'message=hi'];
  const start = performance.now();
  const child = spawn(process.execPath, [...argv, '--', process.execPath, server, 'stdio'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let resultMs = Number.NaN;
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (Number.isNaN(resultMs) && stdout.includes('Echo: hi')) resultMs = performance.now() - start;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  clearTimeout(timer);
  const exitMs = performance.now() - start;
  if (code !== 0 || Number.isNaN(resultMs))
    throw new Error(`call echo exited ${code}; stdout: ${stdout.trim()}`);
  return { resultMs, exitMs };
}

export async function measureCallExit(cliBin: string, runs: number): Promise<CallExitResult> {
  const server = everythingMain();
  await runOnce(cliBin, server); // unmeasured: warms the file cache
  const all: { resultMs: number; exitMs: number }[] = [];
  for (let i = 0; i < runs; i++) all.push(await runOnce(cliBin, server));
  const after = all.map((r) => Math.round((r.exitMs - r.resultMs) * 10) / 10);
  return {
    runs,
    resultMs: median(all.map((r) => r.resultMs)),
    exitMs: median(all.map((r) => r.exitMs)),
    afterResultMs: median(after),
    afterResultMsAll: after,
  };
}

export function formatCallExit(result: CallExitResult | { error: string }): string {
  const title =
    '\nA call against server-everything over stdio (--protocol legacy call echo): spawn -> result vs spawn -> exit';
  if ('error' in result) return `${title}\n  failed: ${result.error}\n`;
  return [
    title,
    `  N = ${result.runs} runs, medians: result ${result.resultMs.toFixed(0)} ms, exit ${result.exitMs.toFixed(0)} ms, exit after the result ${result.afterResultMs.toFixed(0)} ms`,
    '  (the server idles 350 ms on a timer after its stdin closes; it gets SIGTERM 100 ms after, MCP lifecycle Shutdown)',
    '',
  ].join('\n');
}
