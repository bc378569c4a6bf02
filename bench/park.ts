// Issue 33: what parking costs. Paired in one run against the demo server's `survey` form: the
// time of `mcp-elicit answer <id> --accept-defaults` (from its start to the result, the question
// parked by `call --park` beforehand) against a whole `call --accept-defaults` in one process,
// alternated A, B, B, A. And the holder's memory after a full collection (bench/gc-probe.cjs,
// asked by SIGUSR2) while a question is parked.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
}

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PROBE = join(root, 'bench', 'gc-probe.cjs');

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
    return {
      http,
      rounds,
      callMs: median(calls),
      answerMs: median(answers),
      ratio: median(ratios),
      holderRssMiB: memory.rss / 2 ** 20,
      holderHeapMiB: memory.heapUsed / 2 ** 20,
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
  await run(process.execPath, [cli, '--park', 'call', 'survey', ...server], { env: probed }).catch(() => {});
  const dir = join(state, 'mcp-elicit', 'parked');
  const name = readdirSync(dir).find((n) => n.endsWith('.json')) ?? '';
  const { holder } = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { holder: { pid: number } };
  process.kill(holder.pid, 'SIGUSR2');
  const deadline = Date.now() + 10_000;
  // The probe writes the file from the holder's own loop; read it once it is there.
  while (Date.now() < deadline) {
    try {
      const memory = JSON.parse(readFileSync(file, 'utf8')) as { rss: number; heapUsed: number };
      process.kill(holder.pid, 'SIGKILL');
      return memory;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  process.kill(holder.pid, 'SIGKILL');
  throw new Error('the holder did not report its memory');
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
    '',
  ].join('\n');
}
