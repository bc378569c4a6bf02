#!/usr/bin/env node
// Runs every test/**/*.test.ts with Node's own test runner, from esbuild bundles of the files
// (scripts/bundle-tests.mjs); TEST_BUNDLE=0 runs the sources under tsx instead.
// Node 20's --test does not expand globs, so the files are listed here.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { bundleTests } from './bundle-tests.mjs';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv.slice(2);

function collect(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...collect(full));
    else if (name.endsWith('.test.ts')) out.push(relative(root, full));
  }
  return out;
}

let files = collect(join(root, 'test'));
if (only.length > 0) files = files.filter((f) => only.some((o) => f.includes(o)));
if (files.length === 0) {
  console.error('run-tests: no test files matched');
  process.exit(1);
}
const concurrency = process.env.TEST_CONCURRENCY ?? '2';
// Tests never write the user's home: every CLI they start finds its era cache, its sign-in store
// and any config under scratch XDG_* folders (an inherited MCP_ELICIT_CACHE_DIR or
// MCP_ELICIT_AUTH_DIR would point elsewhere, so they are dropped).
const scratchCache = mkdtempSync(join(tmpdir(), 'mcp-elicit-test-'));
// The scratch folder is their TMPDIR too, shared like /tmp (sticky, open to the second local user
// some tests run as), so a run leaves no temp folder behind, even where a test forgot one.
chmodSync(scratchCache, 0o1777);
const env = {
  ...process.env,
  XDG_CACHE_HOME: join(scratchCache, 'cache'),
  XDG_STATE_HOME: join(scratchCache, 'state'),
  XDG_CONFIG_HOME: join(scratchCache, 'config'),
  TMPDIR: scratchCache,
};
for (const dir of ['cache', 'state', 'config']) mkdirSync(join(scratchCache, dir));
// One compile cache for every CLI the run starts (each test file has its own era cache folder, where
// the CLI would otherwise keep it): the CLI's compiled code, never anything a test looks at.
env.NODE_COMPILE_CACHE = join(scratchCache, 'compile');
mkdirSync(env.NODE_COMPILE_CACHE, { mode: 0o700 });
delete env.MCP_ELICIT_CACHE_DIR;
delete env.MCP_ELICIT_AUTH_DIR;
// Node 20 reads and parses every certificate of NODE_EXTRA_CA_CERTS at each start (about 0.09 s of
// CPU per process, and a run starts well over a thousand): tests reach nothing but loopback, so it is
// dropped, and kept aside for the commands that reach the npm registry (test/helpers/registry-env.ts).
if (env.NODE_EXTRA_CA_CERTS !== undefined) {
  env.MCP_ELICIT_TEST_EXTRA_CA_CERTS = env.NODE_EXTRA_CA_CERTS;
  delete env.NODE_EXTRA_CA_CERTS;
}
// Inside node_modules so that the bundles' package imports resolve from the checkout's; one folder
// per run, so two runs in one checkout never remove each other's files.
const fromSources = process.env.TEST_BUNDLE === '0';
const bundleDir = fromSources
  ? undefined
  : join(root, 'node_modules', '.cache', `mcp-elicit-tests-${process.pid}`);
const loader = fromSources ? ['--import', 'tsx'] : ['--enable-source-maps'];
const targets = bundleDir === undefined ? files : await bundled(bundleDir);
// A hung test or a file left with an open handle must fail with its name, never stall CI: every
// test and hook has a deadline, and the whole run has a watchdog that kills the runner's process
// group. No --test-force-exit: on Node 20 it exits a file's process before its last reports are
// written, so passing tests went uncounted (84 of 92 in test/core/schema-parser.test.ts).
const perTestMs = process.env.TEST_TIMEOUT_MS ?? '240000';
const wholeRunMs = Number(process.env.TEST_RUN_TIMEOUT_MS ?? 45 * 60_000);
const failuresFile = join(scratchCache, 'failures.jsonl');
let child;
let timedOut = false;
const watchdog = setTimeout(() => {
  timedOut = true;
  console.error(`run-tests: the suite did not finish within ${wholeRunMs / 60_000} min; stopping it`);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {}
}, wholeRunMs);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    removeScratch();
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
    process.exit(130);
  });
}
let code = await runFiles(targets);
// Chromium's renderer process sometimes dies under load ("Page crashed"), a crash in the browser
// and not an assertion of ours: a file whose every failure is that crash runs once more, said
// aloud; a second crash, or any other failure, fails the run.
const crashed = timedOut || code === 0 ? [] : onlyCrashed();
if (crashed.length > 0) {
  for (const target of crashed)
    console.error(
      `run-tests: Chromium's renderer crashed in ${sourceOf(target)}; running that file once more`,
    );
  code = await runFiles(crashed);
}
clearTimeout(watchdog);
removeScratch();
process.exit(timedOut ? 1 : code);

/** Runs `paths` in one `node --test`, its TAP on our stdout and every failure in failuresFile. */
function runFiles(paths) {
  rmSync(failuresFile, { force: true });
  child = spawn(
    process.execPath,
    [
      ...loader,
      '--test',
      `--test-concurrency=${concurrency}`,
      `--test-timeout=${perTestMs}`,
      // node:test's own default: spec on a terminal, TAP otherwise.
      `--test-reporter=${process.stdout.isTTY ? 'spec' : 'tap'}`,
      '--test-reporter-destination=stdout',
      `--test-reporter=${join(root, 'scripts', 'crash-reporter.mjs')}`,
      `--test-reporter-destination=${failuresFile}`,
      ...paths,
    ],
    { cwd: root, stdio: 'inherit', env, detached: true },
  );
  return new Promise((resolve) => child.on('exit', (status) => resolve(status ?? 1)));
}

/** The files whose failures were all renderer crashes, or none if any other failure happened. */
function onlyCrashed() {
  let failures;
  try {
    failures = readFileSync(failuresFile, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
  if (failures.length === 0 || failures.some((f) => !f.crash || f.file === undefined)) return [];
  const crashed = [...new Set(failures.map((f) => targetOf(f.file)))];
  return crashed.includes(undefined) ? [] : crashed;
}

// node:test names a bundled file by its source (source maps): find the bundle that runs it.
function targetOf(file) {
  const index = files.findIndex((source) => file === source || file.endsWith(`/${source}`));
  return index >= 0 ? targets[index] : targets.find((target) => target === file);
}

function sourceOf(target) {
  return files[targets.indexOf(target)] ?? target;
}

function removeScratch() {
  rmSync(scratchCache, { recursive: true, force: true });
  if (bundleDir !== undefined) rmSync(bundleDir, { recursive: true, force: true });
}

// A file esbuild cannot build stops the run with esbuild's message (file and line), leaving nothing.
async function bundled(dir) {
  try {
    return await bundleTests(root, files, dir);
  } catch (error) {
    removeScratch();
    throw error;
  }
}
