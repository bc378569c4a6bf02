// The README's library example must stay true: it is type-checked against the built package
// (imported by its own name, as a user would) with the project's strict compiler settings.
// test/cli/install.test.ts checks it again against a copy installed from the packed tarball.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { root } from './helpers/cli.js';
import { readmeLibraryExample, typeProblems } from './helpers/readme-example.js';

it('the README library example type-checks against the published API', () => {
  const example = readmeLibraryExample();
  assert.ok(example.split('\n').filter(Boolean).length <= 14, 'it stays about ten lines');
  // Inside the package folder, so `mcp-elicit` resolves to this package (self-reference).
  const dir = mkdtempSync(join(root, 'dist', '.readme-'));
  const file = join(dir, 'example.ts');
  writeFileSync(file, `${example}\nexport {};\n`);
  try {
    assert.deepEqual(typeProblems(file, { rootDir: root }), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
