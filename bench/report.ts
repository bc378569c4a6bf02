// The printed report: what was measured, how, with units, N and ratios.
import type { BrowserBench } from './browser.js';
import type { StepTiming } from './engine-steps.js';
import type { AttackTiming, LargestForm } from './hostile.js';
import type { RoundTripCase, RoundTripResult } from './in-memory.js';
import type { ProcessResult } from './process-runs.js';
import { fixed, formatTable } from './table.js';

export type RoundTripOutcome = RoundTripResult | { readonly case: RoundTripCase; readonly error: string };

export interface BenchResults {
  readonly environment: { node: string; platform: string; cpus: number; cpuModel: string; date: string };
  readonly settings: {
    rounds: number;
    callsPerBatch: number;
    warmupCalls: number;
    runs: number;
    stepIterations: number;
    targetRatio: number;
  };
  readonly roundTrips: readonly RoundTripOutcome[];
  readonly engineSteps: { readonly steps: readonly StepTiming[]; readonly error?: string };
  readonly hostile: {
    readonly attacks: readonly AttackTiming[];
    readonly largest?: LargestForm;
    readonly error?: string;
  };
  readonly processes: readonly ProcessResult[];
  readonly browser: BrowserBench | { readonly error: string };
  readonly tool: string;
  /** The sections measured (all unless --only). */
  readonly sections: readonly BenchSection[];
  readonly totalSeconds: number;
}

/** The bench's sections, in the order they run; `--only` picks some. */
export const SECTIONS = [
  'memory',
  'steps',
  'processes',
  'hostile',
  'browser',
  'proxy',
  'auth',
  'auth-proxy',
  'notify',
  'park',
] as const;
export type BenchSection = (typeof SECTIONS)[number];

/** A run of every section writes last.json; a partial one (--only) writes beside it. */
export function benchFile(sections: readonly BenchSection[]): string {
  return sections.length === SECTIONS.length ? 'last.json' : 'last-only.json';
}

export function formatReport(r: BenchResults): string {
  const { environment: env, settings: s } = r;
  const section = (name: BenchSection, lines: () => string[]) =>
    r.sections.includes(name) ? [...lines(), ''] : [];
  return [
    `mcp-elicit bench  ${env.date}  node ${env.node}  ${env.platform}  ${env.cpus} CPUs (${env.cpuModel})`,
    '',
    ...section('memory', () => roundTripSection(r.roundTrips, s)),
    ...section('steps', () => stepsSection(r.engineSteps, r.roundTrips, s.stepIterations)),
    ...section('processes', () => processSection(r.processes, r.tool, s.runs)),
    ...section('hostile', () => hostileSection(r.hostile)),
    ...section('browser', () => browserSection(r.browser)),
    `Total bench time ${r.totalSeconds.toFixed(0)} s. Numbers (with every round and run) in .bench/${benchFile(r.sections)}.`,
    '',
  ].join('\n');
}

function roundTripSection(roundTrips: readonly RoundTripOutcome[], s: BenchResults['settings']): string[] {
  const rows = roundTrips.map((r) => {
    if ('error' in r) return [r.case.era, r.case.tool, 'failed', '—', '—', '—', '—', '—', '—', '—'];
    return [
      r.era,
      r.tool,
      r.protocolVersion,
      fixed(r.bareUs, 0),
      fixed(r.engineUs, 0),
      `${fixed(r.ratio, 2)}x`,
      `${fixed(r.ratioQ1, 2)}-${fixed(r.ratioQ3, 2)}`,
      fixed(r.deltaUs, 0),
      `${fixed(r.cpuRatio, 2)}x`,
      r.ratio <= s.targetRatio ? 'met' : 'NOT met',
    ];
  });
  const lines = [
    '1. One elicitation round trip in memory: bare SDK handler (A) vs attachElicitation + ScriptedRenderer (B)',
    '   Same demo server (serveStdio over InMemoryTransport, same process), same tool, same number of calls.',
    '   One call = session/client.callTool with exactly one form elicitation, accepted with the defaults',
    '   (+ name/email for profile); A and B put identical content on the wire (checked before timing).',
    `   N = ${s.rounds} rounds x ${s.callsPerBatch} calls per variant, ABBA-interleaved, after ${s.warmupCalls} warm-up calls each.`,
    '   µs/call = median over rounds of wall time per call; B/A = median of the paired per-round ratios',
    `   (IQR beside it); CPU B/A = the same on this process's CPU time. Target: B/A <= ${s.targetRatio.toFixed(1)}x (wall).`,
    "   A's handler is wrapped by the SDK's own zod check of elicitation/create (and, on 2026-07-28, driven by",
    "   the SDK's input_required driver); B replaces both with the adapter's check and driver, so B can be < A.",
    '',
    formatTable(
      [
        'era',
        'tool',
        'protocol',
        'A µs/call',
        'B µs/call',
        'B/A',
        'B/A IQR',
        'B-A µs/elicitation',
        'CPU B/A',
        `<= ${s.targetRatio.toFixed(1)}x`,
      ],
      rows,
    ),
  ];
  for (const r of roundTrips)
    if ('error' in r) lines.push(`   ${r.case.era} ${r.case.tool} not measured: ${r.error}`);
  return lines;
}

function stepsSection(
  engineSteps: BenchResults['engineSteps'],
  roundTrips: readonly RoundTripOutcome[],
  iterations: number,
): string[] {
  const lines = [
    "2. The engine's pure steps for one elicitation, timed alone (no transport)",
    `   on the params the demo sends. Median of 9 x ${iterations}. A repeated schema takes the cached row, not both;`,
    '   failClosed re-validates only content its own prompt did not produce, so the scripted path skips it.',
    '',
  ];
  if (engineSteps.error !== undefined) return [...lines, `   not measured: ${engineSteps.error}`];
  const tools = [...new Set(engineSteps.steps.map((s) => s.tool))];
  const rows: string[][] = [];
  for (const tool of tools) {
    const steps = engineSteps.steps.filter((s) => s.tool === tool);
    for (const step of steps) rows.push([tool, step.step, fixed(step.us, 1)]);
    const deltas = roundTrips
      .filter((r): r is RoundTripResult => !('error' in r) && r.tool === tool)
      .map((r) => `${r.era} ${fixed(r.deltaUs, 0)}`);
    if (deltas.length > 0) rows.push([tool, `measured B-A in section 1 (${deltas.join(', ')})`, '']);
  }
  return [...lines, formatTable(['tool', 'step', 'µs'], rows)];
}

const STARTUP_TARGET = 1.1;

function processSection(processes: readonly ProcessResult[], tool: string, runs: number): string[] {
  const rows = processes.map((p) => {
    if (p.error !== undefined || p.cli === undefined || p.minimal === undefined) {
      return [p.scenario.label, p.scenario.baseline, '0', '—', '—', '—', '—', '—', '—', '—', '—', '—', '—'];
    }
    return [
      p.scenario.label,
      p.scenario.baseline,
      String(p.cli.runs),
      fixed(p.cli.wallMs, 0),
      fixed(p.minimal.wallMs, 0),
      `${fixed(p.cli.wallMs / p.minimal.wallMs, 2)}x`,
      p.pairedWallRatio === undefined ? '—' : `${fixed(p.pairedWallRatio, 2)}x`,
      p.pairedWallRatio === undefined ? '—' : p.pairedWallRatio <= STARTUP_TARGET ? 'met' : 'NOT met',
      p.pairedCpuRatio === undefined ? '—' : `${fixed(p.pairedCpuRatio, 2)}x`,
      fixed(p.cli.peakRssMiB, 1),
      fixed(p.minimal.peakRssMiB, 1),
      `${fixed(p.cli.peakRssMiB / p.minimal.peakRssMiB, 2)}x`,
      `${p.cli.serverSpawns} / ${p.minimal.serverSpawns}`,
    ];
  });
  const lines = [
    `3. CLI vs a minimal SDK client script: one process run = call ${tool} on the demo server over stdio`,
    '   Both run as plain `node <built .js>` (CLI: dist/cli/bin.js; baseline: bench/minimal-client.ts transpiled',
    '   to .mjs), both spawn `node dist/demo/main.js` and accept the defaults (identical answer, checked).',
    `   N = ${runs} interleaved runs per side after one unmeasured run; medians. Wall = spawn to exit, seen by the`,
    '   bench; "paired" = median over the runs of CLI wall / the baseline run beside it, the start-up target',
    `   (<= ${STARTUP_TARGET}x). The CLI runs as an esbuild bundle (scripts/bundle-cli.mjs); on Node 20 as one`,
    '   CommonJS script through its code cache (src/cli/code-cache.ts, written by the unmeasured run and kept',
    '   apart from the era cache, so "cold" below is the era cache only), on Node >= 22.1 as ES module chunks',
    "   through Node's compile cache; front-ends, the form parser/validator and the task runtime load on use.",
    '   "CPU paired" = the same median ratio for the client process\'s own CPU time (user + system, server',
    '   excluded), which a busy machine moves far less than wall time.',
    "   Peak RSS = the client process's own high-water mark, written at exit by a --import probe",
    `   (${rssSources(processes)}); the server child is not included. "auto, cold" starts with an empty era`,
    '   cache every run (the CLI probes with server/discover); "auto, warm" reuses the cache of the unmeasured run.',
    '   "servers" = server processes started per run (median), counted by a preload in each server. Given its',
    "   base StdioClientTransport (the CLI's, guarded in place) the SDK probes the era on a disposable sibling",
    '   process (2 servers); given a subclass (the baseline\'s "in place") it probes on the session\'s process.',
    '   Pinned and cached runs do not probe. The CLI keeps the sibling probe: it survives servers that exit on',
    '   any request before initialize; the era cache makes it a one-off per server.',
    '',
    formatTable(
      [
        'CLI mode',
        'baseline mode',
        'N',
        'CLI wall ms',
        'base wall ms',
        'wall CLI/base',
        'paired',
        `<= ${STARTUP_TARGET}x`,
        'CPU paired',
        'CLI RSS MiB',
        'base RSS MiB',
        'RSS CLI/base',
        'servers CLI / base',
      ],
      rows,
    ),
  ];
  for (const p of processes)
    if (p.error !== undefined) lines.push(`   ${p.scenario.label} not measured: ${p.error}`);
  return lines;
}

function hostileSection(hostile: BenchResults['hostile']): string[] {
  const lines = [
    '4. Hostile requests (issue 12): how long one request blocks the event loop in the engine or URL analysis',
    '   Form rows: one form request as the adapter handles it on the scripted path, on freshly parsed JSON with',
    '   patterns never compiled before: the schema parsed in slices (src/mcp/sliced-parse.ts: the event loop',
    '   turns between slices), then the params check, the defaults and validateContent in one block. "block wall',
    '   ms" = the longest synchronous stretch of one run (each slice timed, and the block after it), median over',
    '   runs (max beside it). URL rows: analyzeUrl, one synchronous call (the block is the call).',
    '   Goal: no block over 50 ms (reported, not enforced). "block CPU ms" = the same longest stretch in this',
    "   process's CPU time, what it costs when the machine is not shared: the verdict is on its median, because",
    '   on a shared, overloaded machine the wall time of a stretch includes time other processes ran.',
    '   "wall ms" = request to answer, event-loop turns included; "CPU ms" = CPU time of the whole request.',
    "   The SDK's JSON.parse of the request text happens in the transport before this and is not counted.",
    '',
  ];
  if (hostile.error !== undefined) lines.push(`   not measured completely: ${hostile.error}`);
  const rows = hostile.attacks.map((a) => [
    a.attack,
    fixed(a.requestKiB, 0),
    String(a.runs),
    fixed(a.medianBlockCpuMs, 1),
    fixed(a.medianBlockMs, 1),
    fixed(a.maxBlockMs, 1),
    fixed(a.medianMs, 1),
    fixed(a.medianCpuMs, 1),
    a.medianBlockCpuMs <= 50 ? 'met' : 'NOT met',
    a.outcome,
  ]);
  lines.push(
    formatTable(
      [
        'attack',
        'KiB',
        'N',
        'block CPU ms',
        'block wall ms',
        'max block wall ms',
        'wall ms',
        'CPU ms',
        'block <= 50 ms',
        'outcome',
      ],
      rows,
    ),
  );
  const largest = hostile.largest;
  if (largest !== undefined) {
    lines.push(
      '',
      `5. The largest accepted form (${largest.fields} fields x ${largest.options} options, ${fixed(largest.requestKiB, 0)} KiB), end to end`,
      '   over the SDK in memory (server, attachElicitation, scripted accept of the defaults): one tools/call.',
      `   First call ${fixed(largest.firstMs, 0)} ms; repeated ${fixed(largest.repeatMs, 0)} ms, median of 3 (over 32 KiB of JSON: not kept by the parse cache). Goal: well under 1 s.`,
    );
  }
  return lines;
}

function rssSources(processes: readonly ProcessResult[]): string {
  const sources = new Set(processes.flatMap((p) => [p.cli?.rssSource, p.minimal?.rssSource]));
  const known = [...sources].filter((s): s is string => s !== undefined && s !== '');
  if (known.length === 0) return 'nothing measured';
  return known
    .map((s) => (s === 'VmHWM' ? 'VmHWM from /proc/self/status' : 'getrusage maxRSS, may include the parent'))
    .join(' + ');
}

function browserSection(b: BrowserBench | { readonly error: string }): string[] {
  const title =
    'Browser front-end in Chromium (browser start excluded): arrival at the renderer → page ready to type';
  if ('error' in b) return [title, `  not measured: ${b.error}`];
  return [
    title,
    `  first request (server start, tab opened on the token link): ${fixed(b.coldMs, 0)} ms`,
    `  next requests, tab open (median of ${b.rounds - 1}): ${fixed(b.warmMs, 0)} ms; the same page from a bare node:http server: ${fixed(b.bareMs, 0)} ms (${fixed(b.warmMs / b.bareMs, 2)}x)`,
    `  memory the page server's own process added serving ${b.rounds} pages (after GC): RSS ${fixed(b.rssMiB, 1)} MiB, heap ${fixed(b.heapMiB, 1)} MiB, of which after the first page: RSS ${fixed(b.firstRssMiB, 1)} MiB, heap ${fixed(b.firstHeapMiB, 1)} MiB (bare node:http process, ${b.rounds} pages: RSS ${fixed(b.bareRssMiB, 1)} MiB, heap ${fixed(b.bareHeapMiB, 1)} MiB)`,
  ];
}
