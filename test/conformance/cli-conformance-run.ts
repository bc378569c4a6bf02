// Runs one conformance client scenario with the CLI client (cli-client.mjs) and judges it: the
// runner's verdict, every check, and the client's own record (sign-ins, token reuse, no secret in
// its output or on its command lines). Used by cli-conformance.test.ts.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { RequirementId } from '../helpers/req.js';

export const REVISIONS = ['2025-11-25', '2026-07-28'] as const;
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
const SECRETS = [/test-token/, /pre-registered-secret/, /test-client-secret/];

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

export function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT; // the runner and the client are not test files
  return env;
}

interface Outcome {
  readonly exitCode: number;
  readonly transcript: string;
  readonly checks: Check[];
  readonly clientStdout: string;
  readonly clientStderr: string;
  readonly ms: number;
}

export async function runScenario(scenario: string, revision: Revision, outDir: string): Promise<Outcome> {
  const command = `${process.execPath} test/conformance/cli-client.mjs`;
  const started = performance.now();
  let exitCode = 0;
  let transcript: string;
  try {
    const out = await run(
      node22,
      [runner, 'client', '--command', command, '--scenario', scenario, '--spec-version', revision].concat([
        '--timeout',
        String(SCENARIO_TIMEOUT_MS),
        '-o',
        outDir,
      ]),
      { cwd: root, env: childEnv(), maxBuffer: 16 * 1024 * 1024, timeout: SCENARIO_TIMEOUT_MS + 30_000 },
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

export function judge(
  scenario: string,
  revision: Revision,
  expectation: Expectation,
  outcome: Outcome,
): void {
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
