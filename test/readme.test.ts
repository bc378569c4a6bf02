// The README's library example must stay true: it is type-checked against the built package
// (imported by its own name, as a user would) with the project's strict compiler settings.
// test/cli/install.test.ts checks it again against a copy installed from the packed tarball.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

it('the layout page (docs/layout.md) names only files and folders that exist', () => {
  const section = readFileSync(join(root, 'docs', 'layout.md'), 'utf8');
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

it('the README stays a front door: about 300 lines at most, every docs/ page it links exists', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  assert.ok(readme.split('\n').length <= 300, `README.md has ${readme.split('\n').length} lines`);
  const linked = [...readme.matchAll(/\]\((docs\/[a-z-]+\.md)[#)]/g)].map((m) => m[1] ?? '');
  assert.ok(linked.length >= 10, 'it links the manual pages');
  assert.deepEqual(
    linked.filter((page) => !existsSync(join(root, page))),
    [],
  );
});

it('every TypeScript block in the docs/ pages type-checks against the published API', () => {
  const docs = join(root, 'docs');
  const blocks = readdirSync(docs)
    .filter((name) => name.endsWith('.md'))
    .flatMap((name) =>
      [...readFileSync(join(docs, name), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m, i) => ({
        name: `${name.replace(/\.md$/, '')}-${i}`,
        code: m[1] ?? '',
      })),
    );
  assert.ok(blocks.length >= 2, 'the library and sign-in pages have examples');
  const dir = mkdtempSync(join(root, 'dist', '.docs-'));
  try {
    const problems = blocks.flatMap(({ name, code }) => {
      const file = join(dir, `${name}.ts`);
      writeFileSync(file, `${code}\nexport {};\n`);
      return typeProblems(file, { rootDir: root });
    });
    assert.deepEqual(problems, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
