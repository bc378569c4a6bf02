// Runs the official MCP conformance suite (@modelcontextprotocol/conformance 0.2.0-alpha.12)
// against test/conformance/client.ts, an SDK Client given elicitation by this library.
//
// The suite needs Node 22 (it imports `globSync` from `fs`); scripts/setup-conformance.sh puts
// Node 22 and the suite under .tools/ (a no-op when already there). Only the runner runs on
// Node 22: the client it spawns runs on the Node that runs this test (the project's Node 20).
//
// Each scenario must report every check SUCCESS, and the checks that prove elicitation went
// through the library must all have been emitted: a skipped or silent scenario fails.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Era, eraOf } from '../../src/contracts/protocol.js';
import { fixtureCommand } from '../helpers/compiled-fixture.js';
import { registryEnv } from '../helpers/registry-env.js';
import { req } from '../helpers/req.js';
import { runnerEnv } from '../helpers/runner-env.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const node22 = join(root, '.tools/node22/node_modules/node/bin/node');
const runner = join(root, '.tools/conformance/node_modules/@modelcontextprotocol/conformance/dist/index.js');
const CLIENT_TIMEOUT_MS = 30_000;

interface Check {
  readonly id: string;
  readonly status: string;
  readonly description?: string;
  readonly errorMessage?: string;
  readonly details?: unknown;
}

interface Scenario {
  readonly name: string;
  readonly version: '2025-11-25' | '2026-07-28';
  /** Which era the client must have negotiated. */
  readonly era: Era;
  /** Checks that must be present, each SUCCESS. */
  readonly expected: readonly string[];
  /** How many elicitations the library must have answered `accept` (from the client's summary). */
  readonly accepted: number;
  /** Checks allowed to be SKIPPED, with the reason. Every other non-INFO check must be SUCCESS. */
  readonly mayBeSkipped?: Readonly<Record<string, string>>;
  readonly title: string;
}

const SCENARIOS: readonly Scenario[] = [
  {
    name: 'elicitation-sep1034-client-defaults',
    version: '2025-11-25',
    era: '2025-11-25',
    accepted: 1,
    title: req`elicitation-sep1034-client-defaults at 2025-11-25: a form accepted with defaults reaches the server with every omitted field set to its schema default, per SEP-1034 (C-09)`,
    expected: [
      'client-elicitation-sep1034-string-default',
      'client-elicitation-sep1034-integer-default',
      'client-elicitation-sep1034-number-default',
      'client-elicitation-sep1034-enum-default',
      'client-elicitation-sep1034-boolean-default',
    ],
  },
  {
    name: 'tools_call',
    version: '2025-11-25',
    era: '2025-11-25',
    accepted: 0,
    title:
      'tools_call at 2025-11-25: a legacy session calls a tool with schema-typed arguments and every message it sends is wire-valid',
    expected: ['tool-add-numbers', 'wire-schema-valid'],
  },
  {
    name: 'sep-2322-client-request-state',
    version: '2026-07-28',
    era: '2026-07-28',
    accepted: 2,
    title: req`sep-2322-client-request-state at 2026-07-28: an input_required elicitation is answered and retried with requestState echoed byte for byte, a fresh id, and nothing leaked to other calls (M-02, M-03, M-04, M-05, M-06, M-08)`,
    expected: [
      'sep-2322-client-request-state-echoed',
      'sep-2322-client-jsonrpc-id-different',
      'sep-2322-client-no-state-omitted',
      'sep-2322-client-parallel-isolation',
      'sep-2322-default-result-type-complete',
    ],
  },
  {
    name: 'request-metadata',
    version: '2026-07-28',
    era: '2026-07-28',
    accepted: 0,
    title: req`request-metadata at 2026-07-28: every request declares the elicitation capability in _meta and a -32022 rejection is retried with a supported version (M-01, X-01)`,
    expected: [
      'sep-2575-http-client-sends-version-header',
      'sep-2575-client-populates-meta',
      'sep-2575-client-sends-client-info',
      'sep-2575-http-version-header-matches-meta',
      'sep-2575-client-declares-elicitation-capability',
      'sep-2575-client-retry-supported-version',
    ],
    mayBeSkipped: {
      'sep-2575-client-declares-roots-capability': 'the library declares only elicitation, not roots',
      'sep-2575-client-declares-sampling-capability': 'the library declares only elicitation, not sampling',
    },
  },
  {
    name: 'tools_call',
    version: '2026-07-28',
    era: '2026-07-28',
    accepted: 0,
    title:
      'tools_call at 2026-07-28: a modern session calls a tool with schema-typed arguments and every message it sends is wire-valid',
    expected: ['tool-add-numbers', 'wire-schema-valid'],
  },
];

function findFiles(dir: string, name: string): string[] {
  const found: string[] = [];
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...findFiles(full, name));
    else if (entry === name) found.push(full);
  }
  return found;
}

function describeCheck(check: Check): string {
  const details = check.details === undefined ? '' : ` details=${JSON.stringify(check.details)}`;
  const error = check.errorMessage === undefined ? '' : ` error=${JSON.stringify(check.errorMessage)}`;
  return `  [${check.status}] ${check.id}: ${check.description ?? ''}${error}${details}`;
}

interface RunOutcome {
  readonly checks: Check[];
  readonly clientStdout: string;
  readonly transcript: string;
  readonly ms: number;
}

async function runScenario(scenario: Scenario, outDir: string): Promise<RunOutcome> {
  const client = fixtureCommand('test/conformance/client.ts');
  assert.ok(!client.args.some((a) => /\s/.test(a)), 'the client command is split on spaces: a path has one');
  const command = [client.command, ...client.args].join(' ');
  const started = performance.now();
  let transcript: string;
  try {
    const out = await run(
      node22,
      [
        runner,
        'client',
        '--command',
        command,
        '--scenario',
        scenario.name,
        '--spec-version',
        scenario.version,
        '--timeout',
        String(CLIENT_TIMEOUT_MS),
        '-o',
        outDir,
      ],
      { cwd: root, env: runnerEnv(), maxBuffer: 16 * 1024 * 1024, timeout: CLIENT_TIMEOUT_MS + 30_000 },
    );
    transcript = `${out.stdout}\n${out.stderr}`;
  } catch (error) {
    // The runner exits non-zero when a check fails; the checks are judged below.
    const failed = error as { stdout?: string; stderr?: string; message?: string };
    transcript = `${failed.message ?? ''}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`;
  }
  const ms = performance.now() - started;
  const checkFiles = findFiles(outDir, 'checks.json');
  const checks = checkFiles.flatMap((file) => JSON.parse(readFileSync(file, 'utf8')) as Check[]);
  const clientStdout = findFiles(outDir, 'stdout.txt')
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  assert.ok(
    !/SKIPPED: scenario/.test(transcript),
    `${scenario.name} was SKIPPED at ${scenario.version}:\n${transcript}`,
  );
  assert.equal(
    checkFiles.length,
    1,
    `${scenario.name}: expected one checks.json, found ${checkFiles.length}\n${transcript}`,
  );
  return { checks, clientStdout, transcript, ms };
}

function judge(scenario: Scenario, outcome: RunOutcome): void {
  const { checks, transcript } = outcome;
  const allowed = scenario.mayBeSkipped ?? {};
  const bad = checks.filter(
    (check) =>
      check.status !== 'SUCCESS' &&
      check.status !== 'INFO' &&
      !(check.status === 'SKIPPED' && Object.hasOwn(allowed, check.id)),
  );
  assert.deepEqual(
    bad.map((check) => check.id),
    [],
    `${scenario.name} at ${scenario.version}: checks not SUCCESS:\n${bad.map(describeCheck).join('\n')}\n\nrunner output:\n${transcript}`,
  );
  const succeeded = new Set(checks.filter((check) => check.status === 'SUCCESS').map((check) => check.id));
  const missing = scenario.expected.filter((id) => !succeeded.has(id));
  assert.deepEqual(
    missing,
    [],
    `${scenario.name} at ${scenario.version}: expected checks not emitted as SUCCESS: ${missing.join(', ')}\n${checks.map(describeCheck).join('\n')}`,
  );
  // The client prints one JSON summary line: which era was negotiated, and every elicitation the
  // library answered. Some checks (sep-2322) pass whatever the answer, so the answers are checked
  // here: each form must have been accepted through the library's handler.
  const summaryLine = outcome.clientStdout.split('\n').find((line) => line.startsWith('{"era"'));
  assert.ok(summaryLine, `${scenario.name}: the client printed no summary\n${transcript}`);
  const summary = JSON.parse(summaryLine) as { era: string; elicitations: { action?: string }[] };
  assert.equal(eraOf(summary.era), scenario.era, `${scenario.name}: negotiated the wrong era`); // the SDK's name
  assert.deepEqual(
    summary.elicitations.map((event) => event.action ?? 'rejected'),
    Array.from({ length: scenario.accepted }, () => 'accept'),
    `${scenario.name}: elicitations answered by the library: ${JSON.stringify(summary.elicitations)}`,
  );
}

const outRoot = mkdtempSync(join(tmpdir(), 'mcp-elicit-conformance-'));
const timings: string[] = [];
const suiteStarted = performance.now();

before(async () => {
  assert.ok(!/\s/.test(process.execPath), 'the client command is split on spaces: Node path has one');
  const started = performance.now();
  await run('bash', [join(root, 'scripts/setup-conformance.sh')], {
    cwd: root,
    env: registryEnv(runnerEnv()),
    timeout: 10 * 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  timings.push(`setup ${Math.round(performance.now() - started)} ms`);
});

after(() => {
  rmSync(outRoot, { recursive: true, force: true });
  timings.push(`total ${Math.round(performance.now() - suiteStarted)} ms`);
  process.stderr.write(`conformance timings: ${timings.join(', ')}\n`);
});

describe('official MCP conformance suite against a client built on this library', { concurrency: 2 }, () => {
  SCENARIOS.forEach((scenario, index) => {
    test(scenario.title, { timeout: 120_000 }, async (t) => {
      const outDir = join(outRoot, `${index}-${scenario.name}-${scenario.version}`);
      const outcome = await runScenario(scenario, outDir);
      timings.push(`${scenario.name}@${scenario.version} ${Math.round(outcome.ms)} ms`);
      t.diagnostic(`${scenario.name}@${scenario.version}: ${Math.round(outcome.ms)} ms`);
      judge(scenario, outcome);
    });
  });
});
