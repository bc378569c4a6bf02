// The README's library example must stay true: it is type-checked against the built package
// (imported by its own name, as a user would) with the project's strict compiler settings.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import ts from 'typescript';
import { root } from './helpers/cli.js';

it('the README library example type-checks against the published API', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const example = /## The library in ten lines\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(example, 'the README has the library example');
  assert.ok(example.split('\n').filter(Boolean).length <= 14, 'it stays about ten lines');
  // Inside the package folder, so `mcp-elicit` resolves to this package (self-reference).
  const dir = mkdtempSync(join(root, 'dist', '.readme-'));
  const file = join(dir, 'example.ts');
  writeFileSync(file, `${example}\nexport {};\n`);
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) =>
        assert.fail(ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    },
  );
  assert.ok(config);
  try {
    const program = ts.createProgram([file], { ...config.options, noEmit: true, rootDir: root });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    assert.deepEqual(problems, []);
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
