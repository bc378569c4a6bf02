// The API reference (`npm run docs`, TypeDoc) covers every export of the package entry, each with
// a doc comment: TypeDoc's own validation fails on an undocumented export or a type that is used
// by the API but not exported, with warnings treated as errors (typedoc.json).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { root } from './helpers/cli.js';

const typedoc = join(
  join(createRequire(import.meta.url).resolve('typedoc/package.json'), '..'),
  'bin',
  'typedoc',
);

function runTypedoc(cwd = root) {
  const run = spawnSync(process.execPath, [typedoc, '--emit', 'none', '--logLevel', 'Warn'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('API reference', () => {
  it('documents every export of src/index.ts (npm run docs:check)', () => {
    const run = runTypedoc();
    assert.equal(run.status, 0, run.output);
    assert.doesNotMatch(run.output, /warning|error/i);
  });

  it('fails on an undocumented export, so the check above can catch one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-elicit-api-docs-'));
    try {
      writeFileSync(join(dir, 'entry.ts'), 'export function undocumented(): number {\n  return 1;\n}\n');
      const compilerOptions = { module: 'NodeNext', target: 'ES2022', strict: true, types: [] };
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['entry.ts'] }));
      // The project's own options (validation, warnings as errors), pointed at this one file.
      const options = JSON.parse(readFileSync(join(root, 'typedoc.json'), 'utf8')) as object;
      const local = { ...options, entryPoints: ['entry.ts'], tsconfig: 'tsconfig.json' };
      writeFileSync(join(dir, 'typedoc.json'), JSON.stringify(local));
      const run = runTypedoc(dir);
      assert.notEqual(run.status, 0);
      assert.match(run.output, /undocumented .*does not have any documentation/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
