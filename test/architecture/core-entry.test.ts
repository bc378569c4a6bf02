// The `mcp-elicit/core` entry loads in a browser or a worker: nothing it reaches, in src/ or in the
// npm packages it imports (resolved as a browser bundler resolves them), imports a Node built-in.
import assert from 'node:assert/strict';
import { isBuiltin as nodeBuiltin } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { build, type Plugin } from 'esbuild';
import { root } from '../helpers/cli.js';

// `punycode/` (trailing slash) is the npm package, which Node's own check tells apart from the built-in.
const isBuiltin = (path: string) => path.startsWith('node:') || nodeBuiltin(path);

/** Marks every Node built-in external, so the walk lists it instead of failing on the first one. */
const keepBuiltins: Plugin = {
  name: 'keep-builtins',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, ({ path }) =>
      isBuiltin(path) ? { path, external: true } : undefined,
    );
  },
};

// A browser bundler's view of the graph: bundled in memory, with its metafile to read.
const BROWSER_BUNDLE = {
  bundle: true,
  write: false,
  metafile: true,
  platform: 'browser',
  format: 'esm',
  logLevel: 'silent',
} as const;

/** Every `importer → built-in` edge in the graph reached from `contents` (static, dynamic, require). */
async function builtinImports(contents: string): Promise<string[]> {
  const result = await build({
    ...BROWSER_BUNDLE,
    stdin: { contents, resolveDir: join(root, 'src'), sourcefile: 'entry.ts', loader: 'ts' },
    absWorkingDir: root,
    plugins: [keepBuiltins],
  });
  return Object.entries(result.metafile.inputs).flatMap(([file, input]) =>
    input.imports.filter((i) => i.external && isBuiltin(i.path)).map((i) => `${file} → ${i.path}`),
  );
}

describe('the mcp-elicit/core entry', () => {
  it('reaches no Node built-in, in its sources or in the packages they import', async () => {
    assert.deepEqual(await builtinImports("export * from './core-entry.ts';"), []);
  });

  it('reaches the engine and its packages (the walk follows them)', async () => {
    const result = await build({ ...BROWSER_BUNDLE, entryPoints: [join(root, 'src/core-entry.ts')] });
    const inputs = Object.keys(result.metafile.inputs);
    for (const file of [
      'src/core/form-session.ts',
      'src/core/url-safety.ts',
      'src/contracts/elicit-error.ts',
    ])
      assert.ok(inputs.includes(file), file);
    for (const pkg of ['node_modules/tldts', 'node_modules/tr46', 'node_modules/re2js'])
      assert.ok(
        inputs.some((i) => i.startsWith(pkg)),
        pkg,
      );
  });

  it('would catch a built-in, bare or node:-prefixed, direct or through a package (the check itself works)', async () => {
    const found = await builtinImports(
      "import 'node:fs'; import 'path'; export { default as open } from 'open'; export * from './core-entry.ts';",
    );
    assert.ok(found.includes('src/entry.ts → node:fs'), found.join('\n'));
    assert.ok(found.includes('src/entry.ts → path'), found.join('\n'));
    assert.ok(
      found.some((edge) => edge.startsWith('node_modules/')),
      found.join('\n'),
    );
  });
});

describe('the two entries', () => {
  it('export every value of mcp-elicit/core from mcp-elicit too, as the same object', async () => {
    const core: Record<string, unknown> = await import('../../src/core-entry.js');
    const main: Record<string, unknown> = await import('../../src/index.js');
    const differing = Object.keys(core).filter((name) => main[name] !== core[name]);
    assert.deepEqual(differing, []);
  });
});
