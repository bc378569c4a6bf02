// Issue 33: what parking costs. Paired in one run against the demo server's `survey` form: the
// time of `mcp-elicit answer <id> --accept-defaults` (from its start to the result, the question
// parked by `call --park` beforehand) against a whole `call --accept-defaults` in one process,
// alternated A, B, B, A. And the holder's memory after a full collection (bench/gc-probe.cjs,
// asked by SIGUSR2) while a question is parked, beside a bare SDK client holding the same question
// open on the same kind of connection (bench/bare-park-client.mjs), both on 2025-11-25, same run.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { formatParkRound, measureParkRound, type ParkRoundResult } from './park-round.js';
import { median } from './stats.js';

export interface ParkBenchResult {
  readonly rounds: number;
  /** Median ms of a whole `call --accept-defaults`. */
  readonly callMs: number;
  /** Median ms of `answer <id> --accept-defaults`, start to result. */
  readonly answerMs: number;
  /** Median of the per-round ratios answer/call. */
  readonly ratio: number;
  /** The holder after a full collection, with a question parked (MiB). */
  readonly holderRssMiB: number;
  readonly holderHeapMiB: number;
  /** The same over HTTP at 2026-07-28: the round saved, no process left (bench/park-round.ts). */
  readonly http: ParkRoundResult;
  /** A bare SDK client holding the same question open, after a full collection (MiB). */
  readonly bareRssMiB: number;
  readonly bareHeapMiB: number;
}

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PROBE = join(root, 'bench', 'gc-probe.cjs');
const BARE = join(root, 'bench', 'bare-park-client.mjs');

export async function measurePark(rounds: number): Promise<ParkBenchResult> {
  const state = mkdtempSync(join(tmpdir(), 'bench-park-'));
  const env = { ...process.env, XDG_STATE_HOME: state, MCP_ELICIT_CACHE_DIR: join(state, 'cache') };
  const cli = join(root, 'dist', 'cli', 'bin.js');
  const server = ['--', process.execPath, join(root, 'dist', 'demo', 'main.js')];
  const timed = async (args: string[], ok: number[]): Promise<number> => {
    const start = performance.now();
    const status = await run(process.execPath, [cli, ...args], { env }).then(
      () => 0,
      (error: { code?: number }) => error.code ?? -1,
    );
    if (!ok.includes(status)) throw new Error(`mcp-elicit ${args[0]} exited ${status}`);
    return performance.now() - start;
  };
  const call = () => timed(['--accept-defaults', 'call', 'survey', ...server], [0]);
  const park = async (): Promise<string> => {
    await timed(['--park', 'call', 'survey', ...server], [6]);
    const record = readdirSync(join(state, 'mcp-elicit', 'parked')).find((name) => name.endsWith('.json'));
    if (record === undefined) throw new Error('nothing parked');
    return record.slice(0, -5);
  };
  const answer = async () => timed(['answer', await park(), '--accept-defaults'], [0]);
  try {
    await call();
    await answer();
    const ratios: number[] = [];
    const calls: number[] = [];
    const answers: number[] = [];
    for (let i = 0; i < rounds; i++) {
      let a: number;
      let b: number;
      if (i % 2 === 0) {
        a = await call();
        b = await answer();
      } else {
        b = await answer();
        a = await call();
      }
      calls.push(a);
      answers.push(b);
      ratios.push(b / a);
    }
    const memory = await holderMemory(state, env, cli, server);
    const http = await measureParkRound(rounds);
    const bare = await bareMemory(state, env, server);
    return {
      http,
      rounds,
      callMs: median(calls),
      answerMs: median(answers),
      ratio: median(ratios),
      holderRssMiB: memory.rss / 2 ** 20,
      holderHeapMiB: memory.heapUsed / 2 ** 20,
      bareRssMiB: bare.rss / 2 ** 20,
      bareHeapMiB: bare.heapUsed / 2 ** 20,
    };
  } finally {
    rmSync(state, { recursive: true, force: true });
  }
}

async function holderMemory(
  state: string,
  env: NodeJS.ProcessEnv,
  cli: string,
  server: string[],
): Promise<{ rss: number; heapUsed: number }> {
  const file = join(state, 'gc.json');
  const probed = { ...env, NODE_OPTIONS: `--expose-gc --require ${PROBE}`, BENCH_GC_FILE: file };
  const args = [cli, '--park', '--protocol', '2025-11-25', 'call', 'survey', ...server];
  await run(process.execPath, args, { env: probed }).catch(() => {});
  const dir = join(state, 'mcp-elicit', 'parked');
  const name = readdirSync(dir).find((n) => n.endsWith('.json')) ?? '';
  const { holder } = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { holder: { pid: number } };
  return collected(holder.pid, file, 'the holder');
}

// The same question held open by a bare SDK client, measured the same way.
async function bareMemory(
  state: string,
  env: NodeJS.ProcessEnv,
  server: string[],
): Promise<{ rss: number; heapUsed: number }> {
  const file = join(state, 'gc-bare.json');
  const ready = join(state, 'bare-ready');
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--require', PROBE, BARE, ready, 'survey', ...server],
    {
      env: { ...env, BENCH_GC_FILE: file },
      stdio: 'ignore',
    },
  );
  try {
    await until(() => existsSync(ready), 'the bare client to receive the question');
    return await collected(child.pid ?? 0, file, 'the bare client');
  } finally {
    child.kill('SIGKILL');
  }
}

/** Asks `pid` (loaded with gc-probe.cjs) for its memory after a full collection, then kills it. */
async function collected(pid: number, file: string, who: string): Promise<{ rss: number; heapUsed: number }> {
  process.kill(pid, 'SIGUSR2');
  try {
    // The probe writes the file from the process's own loop; read it once it is there.
    await until(() => existsSync(file) && parses(file), `${who} to report its memory`);
    return JSON.parse(readFileSync(file, 'utf8')) as { rss: number; heapUsed: number };
  } finally {
    process.kill(pid, 'SIGKILL');
  }
}

function parses(file: string): boolean {
  try {
    JSON.parse(readFileSync(file, 'utf8'));
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function formatParkReport(result: ParkBenchResult | { error: string }): string {
  if ('error' in result) return `Parked questions: ${result.error}\n`;
  const f = (n: number) => n.toFixed(1);
  return [
    `Parked questions (demo survey, ${result.rounds} rounds, ABBA)`,
    `  call --accept-defaults (whole call)   ${f(result.callMs)} ms`,
    `  answer <id> --accept-defaults         ${f(result.answerMs)} ms   ratio ${result.ratio.toFixed(2)} (target <= 1.2)`,
    `  holder after a full collection        rss ${f(result.holderRssMiB)} MiB, heap ${f(result.holderHeapMiB)} MiB`,
    ...formatParkRound(result.http),
    `  bare SDK client, same question held   rss ${f(result.bareRssMiB)} MiB, heap ${f(result.bareHeapMiB)} MiB`,
    `  holder - bare client                  rss ${f(result.holderRssMiB - result.bareRssMiB)} MiB (target <= 10)`,
    '',
  ].join('\n');
}
