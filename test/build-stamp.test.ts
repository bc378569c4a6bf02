// `npm start` and `npm test` build only when an input changed (scripts/build.mjs --if-stale). The
// check must be sound: any change to a source, a build script, a config or the installed
// dependencies means a rebuild, and so does a dist/ missing its outputs.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs build script, without type declarations
import { BUILD_INPUTS, BUILD_OUTPUTS, inputHash, STAMP, stampMatches } from '../scripts/build-stamp.mjs';

function write(root: string, file: string, text: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

/** A project with every input and output present, stamped as freshly built. */
function builtProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'mcp-elicit-stamp-'));
  write(root, 'src/index.ts', 'export {};\n');
  write(root, 'src/frontends/browser/assets/form.css', 'body {}\n');
  for (const input of (BUILD_INPUTS as string[]).filter((i) => i !== 'src')) write(root, input, `${input}\n`);
  for (const output of BUILD_OUTPUTS as string[])
    write(root, output.includes('.') ? output : `${output}/x`, '');
  write(root, STAMP, `${inputHash(root)}\n`);
  return root;
}

describe('the build stamp', () => {
  it('is up to date right after a build, and stale after any input changes', () => {
    const changes: [string, (root: string) => void][] = [
      ['a source edited', (r) => write(r, 'src/index.ts', 'export const x = 1;\n')],
      ['a source added', (r) => write(r, 'src/cli/new.ts', '')],
      ['a source removed', (r) => rmSync(join(r, 'src/index.ts'))],
      ['a browser asset edited', (r) => write(r, 'src/frontends/browser/assets/form.css', 'p {}\n')],
      ['a build script edited', (r) => write(r, 'scripts/bundle-cli.mjs', '// changed\n')],
      ['a tsconfig edited', (r) => write(r, 'tsconfig.build.json', '{}\n')],
      ['the lockfile changed', (r) => write(r, 'package-lock.json', '{"changed":true}\n')],
      ['the installed dependencies changed', (r) => write(r, 'node_modules/.package-lock.json', '{}\n')],
      ['an output deleted', (r) => rmSync(join(r, 'dist/cli/bin.js'))],
      ['the stamp deleted (a build started and failed)', (r) => rmSync(join(r, STAMP))],
    ];
    for (const [what, change] of changes) {
      const root = builtProject();
      assert.equal(stampMatches(root, inputHash(root)), true, `fresh before: ${what}`);
      change(root);
      assert.equal(stampMatches(root, inputHash(root)), false, `stale after ${what}`);
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('does not mistake a renamed file for the same input', () => {
    const root = builtProject();
    const before = inputHash(root);
    rmSync(join(root, 'src/index.ts'));
    write(root, 'src/main.ts', 'export {};\n');
    assert.notEqual(inputHash(root), before);
  });
});
