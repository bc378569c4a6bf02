// Wall time and peak memory of `mcp-elicit call survey` against the minimal SDK client, both as plain
// `node` on built JS, both spawning the same built demo server over stdio. Runs are interleaved.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from './stats.js';

export interface ProcessScenario {
  readonly id: string;
  readonly label: string;
  /** CLI options before `call`. */
  readonly cliArgs: readonly string[];
  /** Era argument of the minimal client. */
  readonly minimalEra: 'legacy' | 'modern' | 'auto' | 'modern+in-place' | 'auto+in-place';
  /** `none`: the CLI's era cache is not consulted; `warm`: primed once; `cold`: empty before every run. */
  readonly cache: 'none' | 'warm' | 'cold';
  readonly baseline: string;
}

export interface ProcessStats {
  readonly runs: number;
  readonly wallMs: number;
  readonly wallMsAll: number[];
  readonly peakRssMiB: number;
  readonly peakRssMiBAll: number[];
  /** Server processes started per run (median): 2 when an era probe runs on a disposable sibling. */
  readonly serverSpawns: number;
  readonly serverSpawnsAll: number[];
  /** VmHWM (Linux /proc/self/status) or maxRSS (getrusage), as the probe could read it. */
  readonly rssSource: string;
  /** CPU time of the client process (user + system), its server child not included. */
  readonly cpuMs: number;
  readonly cpuMsAll: number[];
}

export interface ProcessResult {
  readonly scenario: ProcessScenario;
  readonly cli?: ProcessStats;
  readonly minimal?: ProcessStats;
  /** Median over the interleaved pairs of CLI wall / baseline wall (each pair ran back to back). */
  readonly pairedWallRatio?: number;
  /** The same for the client process's own CPU time. */
  readonly pairedCpuRatio?: number;
  readonly error?: string;
}

export interface ProcessSetup {
  readonly root: string;
  readonly cliBin: string;
  readonly minimalClient: string;
  readonly rssProbe: string;
  /** Preloaded into every server process to count them (see spawn-counter.ts). */
  readonly spawnCounter: string;
  readonly serverScript: string;
  readonly tool: string;
  readonly scratch: string;
}

interface OneRun {
  readonly wallMs: number;
  readonly rssKiB: number;
  readonly rssSource: string;
  readonly cpuMs: number;
  readonly serverSpawns: number;
  readonly answerLine: string;
}

const RUN_TIMEOUT_MS = 30_000;

export async function measureProcesses(
  setup: ProcessSetup,
  scenario: ProcessScenario,
  runs: number,
): Promise<ProcessResult> {
  const warmDir = join(setup.scratch, `cache-${scenario.id}`);
  await rm(warmDir, { recursive: true, force: true });
  const cacheDir = async (): Promise<{ dir: string; done: () => Promise<void> }> => {
    if (scenario.cache !== 'cold') return { dir: warmDir, done: async () => {} };
    const dir = await mkdtemp(join(setup.scratch, 'cache-cold-'));
    return { dir, done: () => rm(dir, { recursive: true, force: true }) };
  };
  // One spawn-count file per side, the same for every run: the server command line (and so the
  // CLI's era-cache key) must not change between runs.
  const cliSpawns = join(setup.scratch, `spawns-${scenario.id}-cli`);
  const minimalSpawns = join(setup.scratch, `spawns-${scenario.id}-minimal`);
  const cli = async (): Promise<OneRun> => {
    const { dir, done } = await cacheDir();
    try {
      const argv = [setup.cliBin, ...cliArgv(setup, scenario, serverCommand(setup, cliSpawns))];
      return await runProcess(setup, argv, dir, cliSpawns);
    } finally {
      await done();
    }
  };
  const minimal = (): Promise<OneRun> =>
    runProcess(
      setup,
      [setup.minimalClient, scenario.minimalEra, setup.tool, '--', ...serverCommand(setup, minimalSpawns)],
      warmDir,
      minimalSpawns,
    );
  try {
    // Unmeasured first run of each: warms the file cache and, for `warm`, writes the era cache.
    const first = await cli();
    const firstMinimal = await minimal();
    if (first.answerLine !== firstMinimal.answerLine) {
      throw new Error(
        `the CLI and the minimal client sent different answers:\n  cli:     ${first.answerLine}\n  minimal: ${firstMinimal.answerLine}`,
      );
    }
    if (scenario.cache === 'warm') await assertCacheWritten(warmDir);
    const cliRuns: OneRun[] = [];
    const minimalRuns: OneRun[] = [];
    for (let i = 0; i < runs; i++) {
      if (i % 2 === 0) {
        cliRuns.push(await cli());
        minimalRuns.push(await minimal());
      } else {
        minimalRuns.push(await minimal());
        cliRuns.push(await cli());
      }
    }
    // Each CLI run against the baseline run beside it (the same moment's machine load).
    const paired = (of: (run: OneRun) => number) => {
      const ratios = cliRuns.map((run, i) => {
        const beside = minimalRuns[i];
        return beside === undefined ? Number.NaN : of(run) / of(beside);
      });
      return round(median(ratios), 3);
    };
    return {
      scenario,
      cli: stats(cliRuns),
      minimal: stats(minimalRuns),
      pairedWallRatio: paired((run) => run.wallMs),
      pairedCpuRatio: paired((run) => run.cpuMs),
    };
  } catch (error) {
    return { scenario, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await rm(warmDir, { recursive: true, force: true });
    await rm(cliSpawns, { force: true });
    await rm(minimalSpawns, { force: true });
  }
}

function serverCommand(setup: ProcessSetup, spawnFile: string): string[] {
  const counter = `${pathToFileURL(setup.spawnCounter).href}?out=${encodeURIComponent(spawnFile)}`;
  return [process.execPath, '--import', counter, setup.serverScript];
}

function cliArgv(setup: ProcessSetup, scenario: ProcessScenario, server: readonly string[]): string[] {
  return [...scenario.cliArgs, '--accept-defaults', 'call', setup.tool, '--', ...server];
}

/** How the CLI is invoked in a scenario, for the report (server shown without the spawn counter). */
export function cliCommandLine(setup: ProcessSetup, scenario: ProcessScenario): string {
  return ['mcp-elicit', ...cliArgv(setup, scenario, ['node', setup.serverScript])].join(' ');
}

function stats(runs: readonly OneRun[]): ProcessStats {
  const wall = runs.map((r) => round(r.wallMs, 1));
  const rss = runs.map((r) => round(r.rssKiB / 1024, 1));
  const cpu = runs.map((r) => round(r.cpuMs, 1));
  return {
    cpuMs: median(cpu),
    cpuMsAll: cpu,
    runs: runs.length,
    wallMs: median(wall),
    wallMsAll: wall,
    peakRssMiB: median(rss),
    peakRssMiBAll: rss,
    rssSource: [...new Set(runs.map((r) => r.rssSource))].join('+'),
    serverSpawns: median(runs.map((r) => r.serverSpawns)),
    serverSpawnsAll: runs.map((r) => r.serverSpawns),
  };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

async function assertCacheWritten(dir: string): Promise<void> {
  const text = await readFile(join(dir, 'eras.json'), 'utf8').catch(() => '');
  if (!text.includes('"kind"')) throw new Error(`the CLI did not write its era cache in ${dir}`);
}

/** Spawns `node --import <rss probe> <argv>`; wall time is spawn to exit, as seen from here. */
async function runProcess(
  setup: ProcessSetup,
  argv: readonly string[],
  cacheDir: string,
  spawnFile: string,
): Promise<OneRun> {
  await rm(spawnFile, { force: true });
  const rssFile = join(
    setup.scratch,
    `rss-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  );
  const start = performance.now();
  const child = spawn(process.execPath, ['--import', pathToFileURL(setup.rssProbe).href, ...argv], {
    cwd: setup.root,
    env: {
      ...process.env,
      BENCH_RSS_FILE: rssFile,
      MCP_ELICIT_CACHE_DIR: cacheDir,
      // The CLI's compiled code, warm for every run: an empty era cache must not empty it too.
      NODE_COMPILE_CACHE: join(setup.scratch, 'compile'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
  const { code, wallMs } = await new Promise<{ code: number | null; wallMs: number }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve({ code: exitCode, wallMs: performance.now() - start }));
  });
  clearTimeout(timer);
  await new Promise<void>((resolve) =>
    child.stdout.readableEnded ? resolve() : child.stdout.once('end', resolve),
  );
  const [rss = '', rssSource = '', cpu = ''] = (await readFile(rssFile, 'utf8').catch(() => '')).split(' ');
  await rm(rssFile, { force: true });
  const answerLine = /^[\w-]+: action=\S+ content=.*$/m.exec(stdout)?.[0];
  if (code !== 0 || answerLine === undefined || rss === '') {
    const lines = (stderr.trim() || stdout.trim()).split('\n');
    const firstError = lines.find((l) => /error/i.test(l));
    const tail = [...(firstError === undefined ? [] : [firstError, '...']), ...lines.slice(-4)].join(
      '\n    ',
    );
    throw new Error(
      `\`${argv.map((a) => a.replace(`${setup.root}/`, '')).join(' ')}\` exited ${code}${answerLine === undefined ? ', no answer line on stdout' : ''}${rss === '' ? ', no RSS recorded' : ''}:\n    ${tail}`,
    );
  }
  const spawns = (await readFile(spawnFile, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
  return { wallMs, rssKiB: Number(rss), rssSource, cpuMs: Number(cpu), serverSpawns: spawns, answerLine };
}
