// `npm run bench`: what the engine + adapter cost per elicitation against the bare SDK, and what the
// CLI costs against a minimal SDK client script, and the browser front-end in Chromium against a
// bare HTTP server, measured in the same run. Prints a table and writes
// the numbers to .bench/last.json. It reports; it never fails on a target.
//
//   node --import tsx bench/run.ts [--rounds N] [--calls N] [--warmup N] [--runs N]
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type BrowserBench, measureBrowser } from './browser.js';
import { compileScript } from './compile.js';
import { measureSteps, type StepTiming } from './engine-steps.js';
import { type AttackTiming, type LargestForm, measureAttacks, measureLargestForm } from './hostile.js';
import { measureRoundTrip, type RoundTripCase } from './in-memory.js';
import {
  cliCommandLine,
  measureProcesses,
  type ProcessResult,
  type ProcessScenario,
  type ProcessSetup,
} from './process-runs.js';
import { formatProxyReport, measureProxy, type ProxyBenchResult } from './proxy-round-trip.js';
import { type BenchResults, formatReport, type RoundTripOutcome } from './report.js';

const TARGET_RATIO = 1.0;
const STEP_ITERATIONS = 300;
const ATTACK_RUNS = 9;
const BROWSER_ROUNDS = 15;
const TOOL = 'survey';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const PROFILE_SETS = { name: 'Ada Lovelace', email: 'ada@example.com' };
const roundTripCases: RoundTripCase[] = [
  { era: 'legacy', tool: 'survey', sets: {} },
  { era: 'legacy', tool: 'profile', sets: PROFILE_SETS },
  { era: 'modern', tool: 'survey', sets: {} },
  { era: 'modern', tool: 'profile', sets: PROFILE_SETS },
];

const processScenarios: ProcessScenario[] = [
  {
    id: 'legacy',
    label: '--protocol legacy',
    cliArgs: ['--protocol', 'legacy'],
    minimalEra: 'legacy',
    cache: 'none',
    baseline: 'legacy',
  },
  {
    id: 'modern',
    label: '--protocol modern',
    cliArgs: ['--protocol', 'modern'],
    minimalEra: 'modern+in-place',
    cache: 'none',
    baseline: 'pin 2026-07-28, in place',
  },
  {
    id: 'auto-warm',
    label: 'auto, era cache warm',
    cliArgs: [],
    minimalEra: 'modern+in-place',
    cache: 'warm',
    baseline: 'pin 2026-07-28, in place',
  },
  {
    id: 'auto-cold',
    label: 'auto, cold (probes)',
    cliArgs: [],
    minimalEra: 'auto+in-place',
    cache: 'cold',
    baseline: 'auto, in place',
  },
  {
    id: 'auto-cold-sibling',
    label: 'auto, cold (probes)',
    cliArgs: [],
    minimalEra: 'auto',
    cache: 'cold',
    baseline: 'auto, SDK default transport',
  },
];

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '40' },
      calls: { type: 'string', default: '25' },
      warmup: { type: 'string', default: '100' },
      runs: { type: 'string', default: '10' },
    },
    strict: true,
  });
  const settings = {
    rounds: positive(values.rounds, 'rounds'),
    callsPerBatch: positive(values.calls, 'calls'),
    warmupCalls: positive(values.warmup, 'warmup'),
    runs: positive(values.runs, 'runs'),
    stepIterations: STEP_ITERATIONS,
    targetRatio: TARGET_RATIO,
  };
  const started = performance.now();
  const scratch = join(root, '.bench');
  await mkdir(scratch, { recursive: true });
  const environment = {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    date: new Date().toISOString(),
  };

  const roundTrips: RoundTripOutcome[] = [];
  for (const c of roundTripCases) {
    log(`in-memory ${c.era} ${c.tool}`);
    try {
      roundTrips.push(await measureRoundTrip(c, settings));
    } catch (error) {
      roundTrips.push({ case: c, error: message(error) });
    }
  }

  log('engine steps');
  const engineSteps: { steps: StepTiming[]; error?: string } = { steps: [] };
  try {
    for (const c of roundTripCases.filter((c) => c.era === 'legacy')) {
      engineSteps.steps.push(...(await measureSteps(c.tool, c.sets, STEP_ITERATIONS)));
    }
  } catch (error) {
    engineSteps.error = message(error);
  }

  log('hostile requests');
  const hostile: { attacks: AttackTiming[]; largest?: LargestForm; error?: string } = { attacks: [] };
  try {
    hostile.attacks = await measureAttacks(ATTACK_RUNS);
    hostile.largest = await measureLargestForm();
  } catch (error) {
    hostile.error = message(error);
  }

  const buildDir = join(scratch, 'build');
  const setup: ProcessSetup = {
    root,
    cliBin: join(root, 'dist', 'cli', 'bin.js'),
    minimalClient: await compileScript(join(root, 'bench', 'minimal-client.ts'), buildDir),
    rssProbe: await compileScript(join(root, 'bench', 'rss-probe.ts'), buildDir),
    spawnCounter: await compileScript(join(root, 'bench', 'spawn-counter.ts'), buildDir),
    serverScript: join(root, 'dist', 'demo', 'main.js'),
    tool: TOOL,
    scratch,
  };
  const missing = [setup.cliBin, setup.serverScript].filter((f) => !existsSync(f));
  const processes: ProcessResult[] = [];
  for (const scenario of processScenarios) {
    if (missing.length > 0) {
      processes.push({ scenario, error: `not built: ${missing.join(', ')} (run npm run build)` });
      continue;
    }
    log(`processes ${scenario.label}`);
    processes.push(await measureProcesses(setup, scenario, settings.runs));
  }
  await rm(buildDir, { recursive: true, force: true });

  log('browser front-end in Chromium');
  let browser: BrowserBench | { error: string };
  try {
    browser = await measureBrowser(BROWSER_ROUNDS);
  } catch (error) {
    browser = { error: message(error) };
  }

  let proxy: ProxyBenchResult | { error: string };
  log('proxy round trip');
  try {
    proxy =
      missing.length > 0
        ? { error: `not built: ${missing.join(', ')}` }
        : await measureProxy(setup.cliBin, {
            rounds: settings.rounds,
            callsPerBatch: settings.callsPerBatch,
            warmupCalls: settings.warmupCalls,
          });
  } catch (error) {
    proxy = { error: message(error) };
  }

  const results: BenchResults = {
    environment,
    settings,
    roundTrips,
    engineSteps,
    hostile,
    processes,
    browser,
    tool: TOOL,
    totalSeconds: (performance.now() - started) / 1000,
  };
  process.stdout.write(formatReport(results));
  process.stdout.write(formatProxyReport(proxy));
  const json = {
    ...results,
    proxy,
    processes: processes.map((p) => ({ ...p, cliCommand: cliCommandLine(setup, p.scenario) })),
  };
  await writeFile(join(scratch, 'last.json'), `${JSON.stringify(json, null, 2)}\n`);
}

function positive(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got ${value}`);
  return n;
}

await main();
