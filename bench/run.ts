// `npm run bench`: what the engine + adapter cost per elicitation against the bare SDK, and what the
// CLI costs against a minimal SDK client script, measured in the same run. Prints a table and writes
// the numbers to .bench/last.json. It reports; it never fails on a target.
//
//   node --import tsx bench/run.ts [--rounds N] [--calls N] [--runs N]
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compileScript } from './compile.js';
import { measureRoundTrip, type RoundTripCase, type RoundTripResult } from './in-memory.js';
import {
  cliCommandLine,
  measureProcesses,
  type ProcessResult,
  type ProcessScenario,
  type ProcessSetup,
} from './process-runs.js';
import { fixed, formatTable } from './table.js';

const TARGET_RATIO = 1.25;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    calls: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '100' },
    runs: { type: 'string', default: '7' },
  },
  strict: true,
});
const rounds = positive(values.rounds, 'rounds');
const callsPerBatch = positive(values.calls, 'calls');
const warmupCalls = positive(values.warmup, 'warmup');
const runs = positive(values.runs, 'runs');

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
    minimalEra: 'modern',
    cache: 'none',
    baseline: 'pin 2026-07-28',
  },
  {
    id: 'auto-warm',
    label: 'auto, era cache warm',
    cliArgs: [],
    minimalEra: 'modern',
    cache: 'warm',
    baseline: 'pin 2026-07-28',
  },
  {
    id: 'auto-cold',
    label: 'auto, cold (probes)',
    cliArgs: [],
    minimalEra: 'auto',
    cache: 'cold',
    baseline: 'auto (probes)',
  },
];

async function main(): Promise<void> {
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
  const log = (line: string) => process.stderr.write(`${line}\n`);
  log(
    `bench: ${environment.node}, ${environment.platform}, ${environment.cpus} CPUs (${environment.cpuModel})`,
  );

  // 1. In-memory round trips.
  const roundTrips: (RoundTripResult | { case: RoundTripCase; error: string })[] = [];
  for (const c of roundTripCases) {
    log(`bench: in-memory ${c.era} ${c.tool} ...`);
    try {
      roundTrips.push(await measureRoundTrip(c, { rounds, callsPerBatch, warmupCalls }));
    } catch (error) {
      roundTrips.push({ case: c, error: error instanceof Error ? error.message : String(error) });
    }
  }

  // 2. CLI against the minimal client, both plain node on built JS.
  const buildDir = join(scratch, 'build');
  const setup: ProcessSetup = {
    root,
    cliBin: join(root, 'dist', 'cli', 'bin.js'),
    minimalClient: await compileScript(join(root, 'bench', 'minimal-client.ts'), buildDir),
    rssProbe: await compileScript(join(root, 'bench', 'rss-probe.ts'), buildDir),
    serverCommand: [process.execPath, join(root, 'dist', 'demo', 'main.js')],
    tool: 'survey',
    scratch,
  };
  const processes: ProcessResult[] = [];
  const missing = [setup.cliBin, setup.serverCommand[1] ?? ''].filter((f) => !existsSync(f));
  for (const scenario of processScenarios) {
    if (missing.length > 0) {
      processes.push({ scenario, error: `not built: ${missing.join(', ')} (run npm run build)` });
      continue;
    }
    log(`bench: processes ${scenario.label} ...`);
    processes.push(await measureProcesses(setup, scenario, runs));
  }
  await rm(buildDir, { recursive: true, force: true });

  const totalSeconds = (performance.now() - started) / 1000;
  process.stdout.write(
    report(environment, roundTrips, processes, setup, totalSeconds, {
      rounds,
      callsPerBatch,
      warmupCalls,
      runs,
    }),
  );
  const json = {
    environment,
    settings: { rounds, callsPerBatch, warmupCalls, runs, targetRatio: TARGET_RATIO },
    roundTrips,
    processes: processes.map((p) => ({ ...p, cliCommand: cliCommandLine(setup, p.scenario) })),
    totalSeconds,
  };
  await writeFile(join(scratch, 'last.json'), `${JSON.stringify(json, null, 2)}\n`);
  process.stdout.write(
    `\nNumbers written to .bench/last.json (total bench time ${totalSeconds.toFixed(0)} s).\n`,
  );
}

function report(
  environment: { node: string; platform: string; cpus: number; cpuModel: string; date: string },
  roundTrips: readonly (RoundTripResult | { case: RoundTripCase; error: string })[],
  processes: readonly ProcessResult[],
  setup: ProcessSetup,
  totalSeconds: number,
  settings: { rounds: number; callsPerBatch: number; warmupCalls: number; runs: number },
): string {
  const out: string[] = [];
  out.push(
    `mcp-elicit bench  ${environment.date}  node ${environment.node}  ${environment.platform}  ${environment.cpus} CPUs  (${totalSeconds.toFixed(0)} s)`,
    '',
    '1. One elicitation round trip, in memory: bare SDK handler (A) vs attachElicitation + ScriptedRenderer (B)',
    `   Demo server (serveStdio over InMemoryTransport), same process. One call = tools/call with exactly one`,
    `   form elicitation answered with the defaults (+ name/email for profile); A and B send identical content`,
    `   (checked). ${settings.rounds} rounds x ${settings.callsPerBatch} calls per variant, ABBA-interleaved, after ${settings.warmupCalls} warm-up calls each.`,
    `   Medians over rounds; ratio = median of the per-round B/A ratios; target B/A <= ${TARGET_RATIO}x.`,
    '',
  );
  const rtRows = roundTrips.map((r) => {
    if ('error' in r)
      return [r.case.era, r.case.tool, 'failed', '—', '—', '—', '—', r.error.split('\n')[0] ?? ''];
    return [
      r.era,
      r.tool,
      r.protocolVersion,
      fixed(r.bareUs, 0),
      fixed(r.engineUs, 0),
      `${fixed(r.ratio, 2)}x`,
      fixed(r.deltaUs, 0),
      r.ratio <= TARGET_RATIO ? 'met' : 'NOT met',
    ];
  });
  out.push(
    formatTable(
      [
        'era',
        'tool',
        'protocol',
        'A bare µs/call',
        'B engine µs/call',
        'B/A',
        'B-A µs/elicitation',
        `<= ${TARGET_RATIO}x`,
      ],
      rtRows,
    ),
    '',
  );

  out.push(
    `2. CLI vs a minimal SDK client script, one process run each: call ${setup.tool} on the demo server over stdio`,
    '   Both run as plain `node <built .js>` (CLI: dist/cli/bin.js; baseline: bench/minimal-client.ts transpiled',
    '   to .mjs), both spawn `node dist/demo/main.js`, both accept the defaults (identical answer, checked).',
    `   N = ${settings.runs} interleaved runs per side after one unmeasured run; medians. Wall = spawn to exit as seen`,
    "   by the bench; peak RSS = the client process's own high-water mark, written at exit by a --import probe",
    `   (${rssSources(processes)}); the server child is not included.`,
    '',
  );
  const pRows = processes.map((p) => {
    if (p.error !== undefined || p.cli === undefined || p.minimal === undefined) {
      return [p.scenario.label, p.scenario.baseline, '0', '—', '—', '—', '—', '—', '—'];
    }
    return [
      p.scenario.label,
      p.scenario.baseline,
      String(p.cli.runs),
      fixed(p.cli.wallMs, 0),
      fixed(p.minimal.wallMs, 0),
      `${fixed(p.cli.wallMs / p.minimal.wallMs, 2)}x`,
      fixed(p.cli.peakRssMiB, 1),
      fixed(p.minimal.peakRssMiB, 1),
      `${fixed(p.cli.peakRssMiB / p.minimal.peakRssMiB, 2)}x`,
    ];
  });
  out.push(
    formatTable(
      [
        'CLI mode',
        'baseline mode',
        'N',
        'CLI wall ms',
        'baseline wall ms',
        'wall ratio',
        'CLI peak RSS MiB',
        'baseline peak RSS MiB',
        'RSS ratio',
      ],
      pRows,
    ),
  );
  const failures = processes.filter((p) => p.error !== undefined);
  if (failures.length > 0) {
    out.push('', 'Not measured:');
    for (const f of failures) out.push(`  ${f.scenario.label}: ${f.error}`);
  }
  const rtFailures = roundTrips.filter((r): r is { case: RoundTripCase; error: string } => 'error' in r);
  if (rtFailures.length > 0) {
    out.push('', 'Round trips not measured:');
    for (const f of rtFailures) out.push(`  ${f.case.era} ${f.case.tool}: ${f.error}`);
  }
  return `${out.join('\n')}\n`;
}

function rssSources(processes: readonly ProcessResult[]): string {
  const sources = new Set(processes.flatMap((p) => [p.cli?.rssSource, p.minimal?.rssSource]));
  const known = [...sources].filter((s): s is string => s !== undefined && s !== '');
  if (known.length === 0) return 'nothing measured';
  return known
    .map((s) => (s === 'VmHWM' ? 'VmHWM from /proc/self/status' : 'getrusage maxRSS, may include the parent'))
    .join(' + ');
}

function positive(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got ${value}`);
  return n;
}

await main();
