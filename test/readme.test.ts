// The README's library example must stay true: it is type-checked against the built package
// (imported by its own name, as a user would) with the project's strict compiler settings.
// test/cli/install.test.ts checks it again against a copy installed from the packed tarball.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

it('the README layout section names only files and folders that exist', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = /## How the code is laid out\n([\s\S]*?)\n## /.exec(readme)?.[1];
  assert.ok(section, 'the README has the layout section');
  // Folders end in `/`, files in `.ts`: `elicitation/create` is a method, not a path.
  const named = [...section.matchAll(/`((?:[a-z-]+\/)+|(?:[a-z-]+\/)*[a-z0-9-]+\.ts)`/g)].map(
    (m) => m[1] ?? '',
  );
  assert.ok(named.length > 20, 'it names the files to start from');
  const missing = named.filter(
    (path) => !existsSync(join(root, 'src', path)) && !existsSync(join(root, path)),
  );
  assert.deepEqual(missing, []);
});
