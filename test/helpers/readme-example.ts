// The README's library example and a strict type-check of it (the project's own compiler settings),
// shared by the README test (against this package) and the install test (against the packed copy).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { root } from './cli.js';

export function readmeLibraryExample(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const example = /## The library in ten lines\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(example, 'the README has the library example');
  return example;
}

/** Type problems in `file`, resolving imports from where the file sits (its node_modules). */
export function typeProblems(file: string, extra: ts.CompilerOptions = {}): string[] {
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
  const program = ts.createProgram([file], { ...config.options, noEmit: true, ...extra });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}
