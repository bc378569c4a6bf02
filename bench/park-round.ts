// Issue 33, item 4: a parked 2026-07-28 HTTP call leaves no process behind, and what answering it
// from a fresh process costs. Paired in one run against the demo server over HTTP: `answer <id>
// --accept-defaults` (the round saved by `call --park` beforehand) against a whole
// `call --accept-defaults` in one process, alternated A, B, B, A; after each park, the processes
// left running with this state folder are counted (/proc: a holder is `bin.js __park-holder`).
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { median } from './stats.js';

export interface ParkRoundResult {
  readonly rounds: number;
  readonly callMs: number;
  readonly answerMs: number;
  readonly ratio: number;
  /** The most processes found running for the state folder after any park (the goal: 0). */
  readonly processesLeft: number;
}

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function measureParkRound(rounds: number): Promise<ParkRoundResult> {
  const state = mkdtempSync(join(tmpdir(), 'bench-park-round-'));
  const env = { ...process.env, XDG_STATE_HOME: state, MCP_ELICIT_CACHE_DIR: join(state, 'cache') };
  const cli = join(root, 'dist', 'cli', 'bin.js');
  const server = await startDemo();
  const target = ['--protocol', '2026-07-28', 'call', 'survey', '--url', server.url];
  const timed = async (args: string[], ok: number): Promise<number> => {
    const start = performance.now();
    const status = await run(process.execPath, [cli, ...args], { env }).then(
      () => 0,
      (error: { code?: number }) => error.code ?? -1,
    );
    if (status !== ok) throw new Error(`mcp-elicit ${args.join(' ')} exited ${status}`);
    return performance.now() - start;
  };
  let processesLeft = 0;
  const answer = async (): Promise<number> => {
    await timed(['--park', ...target], 6);
    processesLeft = Math.max(processesLeft, processesFor(state));
    const dir = join(state, 'mcp-elicit', 'parked');
    const name = readdirSync(dir).find((n) => n.endsWith('.round.json'));
    if (name === undefined) throw new Error('no round saved');
    return timed(['answer', name.slice(0, 32), '--accept-defaults'], 0);
  };
  const call = () => timed(['--accept-defaults', ...target], 0);
  try {
    await call();
    await answer();
    const calls: number[] = [];
    const answers: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const first = i % 2 === 0;
      const a = first ? await call() : 0;
      const b = await answer();
      const c = first ? a : await call();
      calls.push(c);
      answers.push(b);
      ratios.push(b / c);
    }
    return { rounds, callMs: median(calls), answerMs: median(answers), ratio: median(ratios), processesLeft };
  } finally {
    server.stop();
    rmSync(state, { recursive: true, force: true });
  }
}

/** Processes whose environment names this state folder (a holder would). */
function processesFor(state: string): number {
  let count = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
      if (environ.split('\0').includes(`XDG_STATE_HOME=${state}`)) count += 1;
    } catch {
      // gone, or not ours
    }
  }
  return count;
}

async function startDemo(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [join(root, 'dist', 'demo', 'main.js'), '--http', '--port', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const found = /^listening (\S+)$/m.exec(text);
      if (found?.[1]) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`the demo server exited (${code})`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

export function formatParkRound(result: ParkRoundResult): string[] {
  const f = (n: number) => n.toFixed(1);
  return [
    `  2026-07-28 HTTP (demo survey, ${result.rounds} rounds, ABBA): processes left after a park: ${result.processesLeft} (target 0)`,
    `  call --accept-defaults (whole call)   ${f(result.callMs)} ms`,
    `  answer <id> (saved round, no holder)  ${f(result.answerMs)} ms   ratio ${result.ratio.toFixed(2)} (target <= 1.2)`,
  ];
}
