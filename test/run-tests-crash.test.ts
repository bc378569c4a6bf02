// scripts/run-tests.mjs runs a test file once more when its only failures were Chromium's renderer
// crashing ("Page crashed"), says so, and fails the run on a second crash or on any other failure.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { root } from './helpers/cli.js';

const CRASH_ONCE = `import { existsSync, writeFileSync } from 'node:fs';
import { it } from 'node:test';
it('meets a crashed page the first time', () => {
  const marker = process.env.CRASH_MARKER ?? '';
  if (existsSync(marker)) return;
  writeFileSync(marker, '');
  throw new Error('page.waitForSelector: Page crashed');
});
`;
const CRASH_ALWAYS = `import { it } from 'node:test';
it('always meets a crashed page', () => {
  throw new Error('page.click: Target crashed');
});
`;
const PLAIN_FAILURE = `import assert from 'node:assert/strict';
import { it } from 'node:test';
it('fails an assertion', () => assert.equal(1, 2));
`;

/** A checkout holding the runner and the given test files, sharing this one's node_modules. */
function project(tests: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'run-tests-crash-'));
  mkdirSync(join(dir, 'test'));
  for (const script of ['run-tests.mjs', 'bundle-tests.mjs', 'crash-reporter.mjs'])
    cpSync(join(root, 'scripts', script), join(dir, 'scripts', script));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  for (const [name, text] of Object.entries(tests)) writeFileSync(join(dir, 'test', name), text);
  return dir;
}

function run(dir: string) {
  const marker = join(dir, 'crashed-once');
  // Without node:test's marker of a child process, the runner reports as a run of its own.
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  const result = spawnSync(process.execPath, [join(dir, 'scripts', 'run-tests.mjs')], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...env, CRASH_MARKER: marker },
  });
  return { status: result.status, stderr: result.stderr, crashedOnce: existsSync(marker) };
}

describe('a renderer crash runs its file once more, and only that', () => {
  const dirs: string[] = [];
  const make = (tests: Record<string, string>) => {
    const dir = project(tests);
    dirs.push(dir);
    return dir;
  };
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('passes when the file passes the second time, and says which file ran again', () => {
    const result = run(make({ 'browser.test.ts': CRASH_ONCE }));
    assert.equal(result.status, 0, result.stderr);
    assert.ok(result.crashedOnce);
    assert.match(result.stderr, /renderer crashed in test\/browser\.test\.ts; running that file once more/);
  });

  it('fails when the file crashes again', () => {
    const result = run(make({ 'browser.test.ts': CRASH_ALWAYS }));
    assert.equal(result.status, 1);
    assert.match(result.stderr, /running that file once more/);
  });

  it('runs nothing again when another failure happened in the same run', () => {
    const result = run(make({ 'browser.test.ts': CRASH_ONCE, 'plain.test.ts': PLAIN_FAILURE }));
    assert.equal(result.status, 1);
    assert.doesNotMatch(result.stderr, /once more/);
  });
});
