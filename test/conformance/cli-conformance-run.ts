// The official conformance suite's client leg with the CLI itself as the client, for both
// revisions' scored requirement sets (requirements/2025-11-25.yaml and 2026-07-28.yaml of the
// installed @modelcontextprotocol/conformance). The suite spawns test/conformance/cli-client.mjs,
// which runs the built CLI as a person would (`tools`, then `call` for each tool, each a process
// of its own sharing one scratch token store) with browser-stand-in.mjs as the browser.
//
// Each scored scenario runs on its own (`--scenario X --spec-version <rev>`: what `--requirements
// <rev>` runs, two at a time instead of all at once) and must pass: the runner's verdict (no
// FAILURE, no WARNING, no timeout, no client error unless the scenario allows one), every check
// SUCCESS or INFO (SKIPPED only where an expectation names it, with its reason), and the client's
// own record: how many sign-ins it needed, that later runs reused the stored tokens, and that no
// token or secret reached its output or its command lines.
//
// The scenarios are split over six test files (cli-conformance-<leg>.test.ts, each holding the
// expectations of its scenarios and the requirement ids they verify) so that each file stays well
// within run-tests' per-file deadline; LEGS says which file owns which scenario.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { registryEnv } from '../helpers/registry-env.js';
import { type RequirementId, req } from '../helpers/req.js';
import { runnerEnv } from '../helpers/runner-env.js';

export const REVISIONS = ['2025-11-25', '2026-07-28'] as const;

/** Which test file (cli-conformance-<leg>.test.ts) runs which scored scenario. */
export const LEGS = {
  core: ['tools_call', 'initialize', 'elicitation-sep1034-client-defaults', 'sse-retry'],
  modern: [
    'request-metadata',
    'sep-2322-client-request-state',
    'http-standard-headers',
    'http-custom-headers',
    'http-invalid-tool-headers',
    'json-schema-ref-no-deref',
  ],
  discovery: [
    'auth/metadata-default',
    'auth/metadata-var1',
    'auth/metadata-var2',
    'auth/metadata-var3',
    'auth/basic-cimd',
  ],
  clients: [
    'auth/token-endpoint-auth-basic',
    'auth/token-endpoint-auth-post',
    'auth/token-endpoint-auth-none',
    'auth/pre-registration',
    'auth/offline-access-scope',
    'auth/offline-access-not-supported',
  ],
  scopes: [
    'auth/scope-from-www-authenticate',
    'auth/scope-from-scopes-supported',
    'auth/scope-omitted-when-undefined',
    'auth/scope-step-up',
    'auth/scope-retry-limit',
  ],
  checks: [
    'auth/resource-mismatch',
    'auth/authorization-server-migration',
    'auth/iss-supported',
    'auth/iss-not-advertised',
    'auth/iss-supported-missing',
    'auth/iss-wrong-issuer',
    'auth/iss-unexpected',
    'auth/iss-normalized',
    'auth/metadata-issuer-mismatch',
  ],
  // Not scored (extensions, A-36); run because an unattended agent signing in matters to users.
  extensions: ['auth/client-credentials-basic', 'auth/client-credentials-jwt'],
} as const;
export type Leg = keyof typeof LEGS;
/** A revision's scored set, or the extension scenarios (run unpinned: they are on no spec timeline). */
export type At = Revision | 'extension';
export type Revision = (typeof REVISIONS)[number];

export interface Expectation {
  /** The behaviour sentence of the test title. */
  readonly proves: string;
  readonly ids?: readonly RequirementId[];
  /** Sign-in pages the CLI opened (each delivered to its listener), or a cap. */
  readonly signIns: number | { readonly max: number };
  /** The client made more than one CLI run and every one succeeded (the later ones on stored tokens). */
  readonly runsAfterSignIn?: boolean;
  /** Checks (by id or by name) allowed to be SKIPPED, with the reason. */
  readonly skipped?: Readonly<Record<string, string>>;
}

export const run = promisify(execFile);
export const root = fileURLToPath(new URL('../..', import.meta.url));
const node22 = join(root, '.tools/node22/node_modules/node/bin/node');
const suiteDir = join(root, '.tools/conformance/node_modules/@modelcontextprotocol/conformance');
const runner = join(suiteDir, 'dist/index.js');
// Each scenario runs several CLI processes (each ~1-3 s on a loaded 2-core machine): more than the
// suite's 30 s default.
export const SCENARIO_TIMEOUT_MS = 60_000;
// What the conformance authorization servers issue and accept: none may reach the client's output.
const SECRETS = [
  /test-token/,
  /cc-token/,
  /pre-registered-secret/,
  /test-client-secret/,
  /conformance-test-secret/,
  /PRIVATE KEY/,
];

interface Check {
  readonly id: string;
  readonly name?: string;
  readonly status: string;
  readonly description?: string;
  readonly errorMessage?: string;
}

interface CliRun {
  readonly argv: string[];
  readonly exit: number;
  readonly ms: number;
}

interface Visit {
  readonly event: string;
  readonly origin?: string;
  readonly path?: string;
  readonly reason?: string;
}

interface ClientSummary {
  readonly runs: CliRun[];
  readonly browser: Visit[];
}

/** The client extension scenarios the requirement sets list as not scored (reason: extension). */
function extensionClientScenarios(): string[] {
  const text = readFileSync(join(suiteDir, 'requirements/2026-07-28.yaml'), 'utf8');
  const notScored = text.split(/^not_scored:\n/m)[1] ?? '';
  return [...notScored.matchAll(/- scenario: (\S+)\n\s+leg: client\n\s+reason: extension/g)].map(
    (m) => m[1] ?? '',
  );
}

/** The scored client scenarios of a revision, read from the suite's own frozen list. */
export function scoredClientScenarios(revision: Revision): string[] {
  const text = readFileSync(join(suiteDir, `requirements/${revision}.yaml`), 'utf8');
  const client = text.split(/^client:\n/m)[1]?.split(/^\S/m)[0] ?? '';
  return [...client.matchAll(/^ {2}- (\S+)$/gm)].map((m) => m[1] ?? '');
}

function findFile(dir: string, name: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) {
      const found = findFile(full, name);
      if (found) return found;
    } else if (entry === name) return full;
  }
  return undefined;
}

interface Outcome {
  readonly exitCode: number;
  readonly transcript: string;
  readonly checks: Check[];
  readonly clientStdout: string;
  readonly clientStderr: string;
  readonly ms: number;
}

export async function runScenario(scenario: string, revision: At, outDir: string): Promise<Outcome> {
  const command = `${process.execPath} test/conformance/cli-client.mjs`;
  const started = performance.now();
  let exitCode = 0;
  let transcript: string;
  try {
    const out = await run(
      node22,
      [runner, 'client', '--command', command, '--scenario', scenario]
        .concat(revision === 'extension' ? [] : ['--spec-version', revision])
        .concat(['--timeout', String(SCENARIO_TIMEOUT_MS), '-o', outDir]),
      { cwd: root, env: runnerEnv(), maxBuffer: 16 * 1024 * 1024, timeout: SCENARIO_TIMEOUT_MS + 30_000 },
    );
    transcript = `${out.stdout}\n${out.stderr}`;
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string; message?: string };
    exitCode = typeof failed.code === 'number' ? failed.code : -1;
    transcript = `${failed.message ?? ''}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`;
  }
  const ms = performance.now() - started;
  assert.ok(!/SKIPPED: scenario/.test(transcript), `${scenario} was SKIPPED at ${revision}:\n${transcript}`);
  const read = (name: string) => {
    const file = findFile(outDir, name);
    return file === undefined ? '' : readFileSync(file, 'utf8');
  };
  const checksText = read('checks.json');
  assert.ok(checksText, `${scenario} at ${revision}: the runner wrote no checks.json\n${transcript}`);
  const checks = JSON.parse(checksText) as Check[];
  return {
    exitCode,
    transcript,
    checks,
    clientStdout: read('stdout.txt'),
    clientStderr: read('stderr.txt'),
    ms,
  };
}

function describeCheck(check: Check): string {
  const error = check.errorMessage === undefined ? '' : ` error=${JSON.stringify(check.errorMessage)}`;
  return `  [${check.status}] ${check.id} (${check.name ?? ''}): ${check.description ?? ''}${error}`;
}

function summaryOf(outcome: Outcome): ClientSummary {
  const line = outcome.clientStdout.split('\n').find((l) => l.startsWith('{"cliClient"'));
  assert.ok(line, `the CLI client printed no summary\n${outcome.transcript}`);
  return JSON.parse(line) as ClientSummary;
}

export function judge(scenario: string, revision: At, expectation: Expectation, outcome: Outcome): void {
  const context = `${scenario} at ${revision}`;
  const allowed = expectation.skipped ?? {};
  const bad = outcome.checks.filter(
    (c) =>
      c.status !== 'SUCCESS' &&
      c.status !== 'INFO' &&
      !(c.status === 'SKIPPED' && (Object.hasOwn(allowed, c.id) || Object.hasOwn(allowed, c.name ?? ''))),
  );
  assert.deepEqual(
    bad.map((c) => `${c.id} ${c.status}`),
    [],
    `${context}: checks not SUCCESS:\n${bad.map(describeCheck).join('\n')}\n\nrunner output:\n${outcome.transcript}`,
  );
  assert.ok(
    outcome.checks.some((c) => c.status === 'SUCCESS'),
    `${context}: no check succeeded\n${outcome.transcript}`,
  );
  assert.equal(outcome.exitCode, 0, `${context}: the runner's verdict is a failure\n${outcome.transcript}`);

  const summary = summaryOf(outcome);
  for (const secret of SECRETS) {
    assert.doesNotMatch(
      outcome.clientStdout,
      secret,
      `${context}: a token or secret reached the CLI's stdout`,
    );
    assert.doesNotMatch(
      outcome.clientStderr,
      secret,
      `${context}: a token or secret reached the CLI's stderr`,
    );
    for (const cliRun of summary.runs) {
      assert.doesNotMatch(cliRun.argv.join(' '), secret, `${context}: a secret on a command line`);
    }
  }
  const opened = summary.browser.filter((v) => v.event === 'open').length;
  const delivered = summary.browser.filter((v) => v.event === 'listener').length;
  const refused = summary.browser.filter((v) => v.event === 'refused' || v.event === 'error');
  assert.deepEqual(refused, [], `${context}: the browser stand-in refused or failed a hop`);
  const { signIns } = expectation;
  if (typeof signIns === 'number') {
    assert.equal(opened, signIns, `${context}: sign-in pages opened (${JSON.stringify(summary.browser)})`);
    assert.equal(delivered, signIns, `${context}: redirects delivered to the CLI's listener`);
  } else {
    assert.ok(opened <= signIns.max, `${context}: at most ${signIns.max} sign-ins, got ${opened}`);
  }
  if (expectation.runsAfterSignIn) {
    // Later CLI processes found the stored tokens: they opened no sign-in page of their own.
    assert.ok(summary.runs.length >= 2, `${context}: the client made a second run`);
    assert.ok(
      summary.runs.every((r) => r.exit === 0),
      `${context}: every CLI run succeeded: ${JSON.stringify(summary.runs.map((r) => [r.argv.at(-1), r.exit]))}`,
    );
  }
}

/**
 * Registers one leg: a test per scenario of `LEGS[leg]` at each revision that scores it, two at a
 * time; the core leg also checks that the legs together cover both scored sets.
 */
export function conformanceLeg(leg: Leg, expectations: Readonly<Record<string, Expectation>>): void {
  const outRoot = mkdtempSync(join(tmpdir(), `mcp-elicit-cli-conformance-${leg}-`));
  const timings: string[] = [];
  const started = performance.now();
  before(async () => {
    assert.ok(!/\s/.test(process.execPath), 'the client command is split on spaces: Node path has one');
    await run('bash', [join(root, 'scripts/setup-conformance.sh')], {
      cwd: root,
      env: registryEnv(runnerEnv()),
      timeout: 10 * 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
  });
  after(() => {
    rmSync(outRoot, { recursive: true, force: true });
    const wall = Math.round((performance.now() - started) / 1000);
    process.stderr.write(`cli conformance leg ${leg}: ${wall} s wall; ${timings.join(', ')}\n`);
  });
  describe(`the conformance suite with the mcp-elicit CLI as the client: ${leg}`, { concurrency: 2 }, () => {
    test(`the ${leg} leg has an expectation for exactly its scenarios`, () => {
      assert.deepEqual(Object.keys(expectations).sort(), [...LEGS[leg]].sort());
      if (leg !== 'core') return;
      for (const revision of REVISIONS) {
        const scored = scoredClientScenarios(revision);
        assert.ok(scored.length >= 18, `${revision}: ${scored.length} scored client scenarios`);
        const owned = new Set<string>(Object.values(LEGS).flat());
        assert.deepEqual(
          scored.filter((s) => !owned.has(s)),
          [],
          `${revision}: scored scenarios no leg runs`,
        );
      }
    });
    for (const revision of [...REVISIONS, 'extension'] as const) {
      const listed = revision === 'extension' ? extensionClientScenarios() : scoredClientScenarios(revision);
      for (const scenario of listed) {
        const expectation = expectations[scenario];
        if (expectation === undefined) continue;
        const ids = expectation.ids ?? [];
        const sentence = `${scenario} at ${revision}: ${expectation.proves}`;
        test(ids.length > 0 ? req(ids, sentence) : sentence, {
          timeout: SCENARIO_TIMEOUT_MS + 60_000,
        }, async (t) => {
          const outDir = join(outRoot, revision, scenario.replaceAll('/', '_'));
          const outcome = await runScenario(scenario, revision, outDir);
          timings.push(`${scenario}@${revision} ${Math.round(outcome.ms)} ms`);
          t.diagnostic(`${scenario}@${revision}: ${Math.round(outcome.ms)} ms`);
          judge(scenario, revision, expectation, outcome);
        });
      }
    }
  });
}
