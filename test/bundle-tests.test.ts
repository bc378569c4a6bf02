// The runner starts test files from esbuild bundles (scripts/bundle-tests.mjs): a bundled module must
// still see its own source's location, as under tsx, so that fixtures beside it are found.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
// @ts-expect-error: a plain ESM script without type declarations
import { bundleTests } from '../scripts/bundle-tests.mjs';

describe('test files run from bundles of their source', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-tests-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('gives each bundled module the import.meta location of its own source file, and leaves strings as written', async () => {
    mkdirSync(join(dir, 'test', 'helpers'), { recursive: true });
    const helper = join(dir, 'test', 'helpers', 'where.ts');
    writeFileSync(
      helper,
      "#!/usr/bin/env node\nexport const where: string[] = [import.meta.url, import.meta.dirname, import.meta.filename, 'import.meta.url'];\n",
    );
    writeFileSync(
      join(dir, 'test', 'one.test.ts'),
      "import { where } from './helpers/where.js';\nconsole.log(JSON.stringify([...where, import.meta.url]));\n",
    );
    const [bundle] = (await bundleTests(dir, ['test/one.test.ts'], join(dir, 'out'))) as string[];
    assert.equal(bundle, join(dir, 'out', 'test', 'one.test.mjs'));
    const printed = JSON.parse(execFileSync(process.execPath, [bundle ?? ''], { encoding: 'utf8' }));
    assert.deepEqual(printed, [
      pathToFileURL(helper).href,
      join(dir, 'test', 'helpers'),
      helper,
      'import.meta.url',
      pathToFileURL(join(dir, 'test', 'one.test.ts')).href,
    ]);
  });
});
