// `npm run bench`: what the engine + adapter cost per elicitation against the bare SDK, and what the
// CLI costs against a minimal SDK client script, and the browser front-end in Chromium against a
// bare HTTP server, measured in the same run. Prints a table and writes
// the numbers to .bench/last.json. It reports; it never fails on a target.
//
//   node --import tsx bench/run.ts [--rounds N] [--calls N] [--warmup N] [--runs N] [--only LIST]
//
// --only runs some sections (comma-separated: memory, steps, processes, hostile, browser, proxy,
// auth, auth-proxy, notify, park)
// and writes .bench/last-only.json instead, so a full run's last.json stays whole.
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type AuthCallResult, formatAuthCall, measureAuthCall } from './auth-call.js';
import { type AuthProxyResult, formatAuthProxy, measureAuthProxy } from './auth-proxy.js';
import { type BrowserBench, measureBrowser } from './browser.js';
import { type CallExitResult, formatCallExit, measureCallExit } from './call-exit.js';
import { compileScript } from './compile.js';
import { measureSteps, type StepTiming } from './engine-steps.js';
import { type AttackTiming, type LargestForm, measureAttacks, measureLargestForm } from './hostile.js';
import { measureRoundTrip, type RoundTripCase } from './in-memory.js';
import { formatNotifyReport, measureNotify, type NotifyBenchResult } from './notify.js';
import { formatParkReport, measurePark, type ParkBenchResult } from './park.js';
import {
  cliCommandLine,
  measureProcesses,
  type ProcessResult,
  type ProcessScenario,
  type ProcessSetup,
} from './process-runs.js';
import { formatProxyReport, measureProxy, type ProxyBenchResult } from './proxy-round-trip.js';
import {
  type BenchResults,
  type BenchSection,
  benchFile,
  formatReport,
  type RoundTripOutcome,
  SECTIONS,
} from './report.js';

const TARGET_RATIO = 1.0;
const STEP_ITERATIONS = 300;
const ATTACK_RUNS = 9;
const BROWSER_ROUNDS = 15;
const NOTIFY_ROUNDS = 40;
const PARK_ROUNDS = 6;
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
      only: { type: 'string' },
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
  const sections = values.only === undefined ? SECTIONS : parseOnly(values.only);
  const want = (section: BenchSection) => sections.includes(section);
  const started = performance.now();
  const scratch = join(root, '.bench');
  await mkdir(scratch, { recursive: true });
  // Nothing the bench starts writes the user's home: the CLI's caches (era, compiled code), its
  // state and any config go to a folder under .bench/, emptied at each run.
  const home = join(scratch, 'home');
  await rm(home, { recursive: true, force: true });
  for (const [name, dir] of [
    ['XDG_CACHE_HOME', 'cache'],
    ['XDG_STATE_HOME', 'state'],
    ['XDG_CONFIG_HOME', 'config'],
  ] as const) {
    process.env[name] = join(home, dir);
    await mkdir(join(home, dir), { recursive: true, mode: 0o700 });
  }
  const environment = {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    date: new Date().toISOString(),
  };

  const roundTrips: RoundTripOutcome[] = [];
  for (const c of want('memory') ? roundTripCases : []) {
    log(`in-memory ${c.era} ${c.tool}`);
    try {
      roundTrips.push(await measureRoundTrip(c, settings));
    } catch (error) {
      roundTrips.push({ case: c, error: message(error) });
    }
  }

  const engineSteps: { steps: StepTiming[]; error?: string } = { steps: [] };
  if (want('steps')) log('engine steps');
  try {
    for (const c of roundTripCases.filter((c) => c.era === 'legacy' && want('steps'))) {
      engineSteps.steps.push(...(await measureSteps(c.tool, c.sets, STEP_ITERATIONS)));
    }
  } catch (error) {
    engineSteps.error = message(error);
  }

  const hostile: { attacks: AttackTiming[]; largest?: LargestForm; error?: string } = { attacks: [] };
  try {
    if (want('hostile')) {
      log('hostile requests');
      hostile.attacks = await measureAttacks(ATTACK_RUNS);
      hostile.largest = await measureLargestForm();
    }
  } catch (error) {
    hostile.error = message(error);
  }

  const buildDir = join(scratch, 'build');
  const processes: ProcessResult[] = [];
  const built = await buildSetup(buildDir, scratch).catch((error: unknown) => ({ error: message(error) }));
  const missing = 'error' in built ? [built.error] : built.missing;
  for (const scenario of want('processes') ? processScenarios : []) {
    if ('error' in built || built.missing.length > 0) {
      processes.push({ scenario, error: `not built: ${missing.join(', ')} (run npm run build)` });
      continue;
    }
    log(`processes ${scenario.label}`);
    processes.push(await guard(() => measureProcesses(built.setup, scenario, settings.runs), scenario));
  }
  await rm(buildDir, { recursive: true, force: true });
  const cliBin = 'error' in built ? '' : built.setup.cliBin;
  const notBuilt = missing.length > 0 ? `not built: ${missing.join(', ')}` : undefined;
  const callExit = await section<CallExitResult>(want('processes'), 'call: spawn -> result vs exit', () =>
    notBuilt !== undefined ? Promise.reject(new Error(notBuilt)) : measureCallExit(cliBin, settings.runs),
  );

  const browser = await section<BrowserBench>(want('browser'), 'browser front-end in Chromium', () =>
    measureBrowser(BROWSER_ROUNDS),
  );
  const proxy = await section<ProxyBenchResult>(want('proxy'), 'proxy round trip', () =>
    notBuilt !== undefined
      ? Promise.reject(new Error(notBuilt))
      : measureProxy(cliBin, {
          rounds: settings.rounds,
          callsPerBatch: settings.callsPerBatch,
          warmupCalls: settings.warmupCalls,
        }),
  );
  const notify = await section<NotifyBenchResult[]>(want('notify'), 'notices on vs off', () =>
    measureNotify(NOTIFY_ROUNDS),
  );
  const park = await section<ParkBenchResult>(want('park'), 'parked questions', () =>
    notBuilt !== undefined ? Promise.reject(new Error(notBuilt)) : measurePark(PARK_ROUNDS),
  );
  // Sign-in: a call with a stored token vs authorization off; proxy --url vs mcp-remote.
  const authCall = await section<AuthCallResult>(want('auth'), 'signed-in call vs authorization off', () =>
    notBuilt !== undefined
      ? Promise.reject(new Error(notBuilt))
      : measureAuthCall(root, cliBin, settings.runs),
  );
  const authProxy = await section<AuthProxyResult>(
    want('auth-proxy'),
    'proxy --url vs mcp-remote on a protected server',
    () =>
      notBuilt !== undefined
        ? Promise.reject(new Error(notBuilt))
        : measureAuthProxy(root, cliBin, {
            starts: settings.runs,
            rounds: settings.rounds,
            callsPerBatch: settings.callsPerBatch,
          }),
  );

  const results: BenchResults = {
    environment,
    settings,
    roundTrips,
    engineSteps,
    hostile,
    processes,
    browser,
    tool: TOOL,
    sections,
    totalSeconds: (performance.now() - started) / 1000,
  };
  process.stdout.write(formatReport(results));
  if (want('processes')) process.stdout.write(formatCallExit(callExit));
  if (want('proxy')) process.stdout.write(formatProxyReport(proxy));
  if (want('notify')) process.stdout.write(formatNotifyReport(notify));
  if (want('park')) process.stdout.write(formatParkReport(park));
  if (want('auth')) process.stdout.write(formatAuthCall(authCall));
  if (want('auth-proxy')) process.stdout.write(formatAuthProxy(authProxy));
  const json = {
    ...results,
    callExit,
    proxy,
    notify,
    park,
    authCall,
    authProxy,
    processes: processes.map((p) => ({
      ...p,
      ...('setup' in built && { cliCommand: cliCommandLine(built.setup, p.scenario) }),
    })),
  };
  await writeFile(join(scratch, benchFile(sections)), `${JSON.stringify(json, null, 2)}\n`);
}

/** Runs one section; a failure becomes that section's `error`, so the rest of the report still prints. */
async function section<T>(
  wanted: boolean,
  label: string,
  run: () => Promise<T>,
): Promise<T | { error: string }> {
  if (!wanted) return { error: 'not run (--only)' };
  log(label);
  try {
    return await run();
  } catch (error) {
    return { error: message(error) };
  }
}

async function guard(run: () => Promise<ProcessResult>, scenario: ProcessScenario): Promise<ProcessResult> {
  return run().catch((error: unknown) => ({ scenario, error: message(error) }));
}

async function buildSetup(
  buildDir: string,
  scratch: string,
): Promise<{ setup: ProcessSetup; missing: string[] }> {
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
  return { setup, missing: [setup.cliBin, setup.serverScript].filter((f) => !existsSync(f)) };
}

function parseOnly(list: string): BenchSection[] {
  const names = list.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`--only: unknown section ${unknown.join(', ')} (one of ${SECTIONS.join(', ')})`);
  return SECTIONS.filter((section) => names.includes(section));
}

function positive(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got ${value}`);
  return n;
}

await main();
