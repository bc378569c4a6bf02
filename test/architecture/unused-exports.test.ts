// The unused-export check of `npm run lint` (scripts/unused-exports.ts) on a small project: an
// export nobody imports is found; one imported, re-exported by an entry, or used in its own file's
// exported signature is not.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { unusedExports } from '../../scripts/unused-exports.js';

describe('the unused-export check', () => {
  it('names an export that no file imports, and only that one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-elicit-unused-'));
    try {
      mkdirSync(join(dir, 'src'));
      const compilerOptions = { module: 'NodeNext', target: 'ES2022', strict: true, types: [] };
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
      writeFileSync(join(dir, 'src/index.ts'), "export { shown } from './parts.js';\n");
      writeFileSync(
        join(dir, 'src/parts.ts'),
        [
          'export interface Options { readonly n: number }',
          'export function shown(options: Options): number { return options.n + used(); }',
          "export function used(): number { return Number(imported('1')); }",
          'export function forgotten(): number { return 1; }',
          'export const imported = (s: string): string => s;',
        ].join('\n'),
      );
      writeFileSync(
        join(dir, 'src/user.ts'),
        "import { imported } from './parts.js';\nexport const x = imported('2');\n",
      );
      assert.deepEqual(unusedExports(dir), ['src/parts.ts: forgotten', 'src/user.ts: x']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
