// Bundles the test files with esbuild (what tsx transforms with) before the runner starts them:
// under `--import tsx` every test process spends most of a CPU-second on the loader thread
// resolving and transforming the same modules again, 218 times per run on 2 cores.
// Packages stay imports; shared modules become chunks. Each module keeps its own import.meta.url,
// import.meta.dirname and import.meta.filename (a test finds its fixtures beside its source).
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

// Each module declares its own location under these names; `define` points import.meta's at them
// (in code only, never inside a string), and esbuild renames the declarations apart per module.
const OWN = {
  url: '__ownImportMetaUrl',
  dirname: '__ownImportMetaDirname',
  filename: '__ownImportMetaFilename',
};
const define = Object.fromEntries(Object.entries(OWN).map(([key, name]) => [`import.meta.${key}`, name]));

/** Declares each of our modules' import.meta location as where its source lives. */
const ownLocation = {
  name: 'own-location',
  setup(bundler) {
    bundler.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const where = { url: pathToFileURL(args.path).href, dirname: dirname(args.path), filename: args.path };
      const declared = Object.entries(OWN).map(
        ([key, name]) => `const ${name} = ${JSON.stringify(where[key])};`,
      );
      const source = await readFile(args.path, 'utf8');
      // On the first line of code (after any #! line), so that line numbers stay the source's.
      const at = source.startsWith('#!') ? source.indexOf('\n') + 1 : 0;
      const contents = `${source.slice(0, at)}${declared.join(' ')}${source.slice(at)}`;
      return { contents, loader: args.path.endsWith('ts') ? 'ts' : 'js' };
    });
  },
};

/**
 * Bundles `files` (relative to `root`) into `outDir`; returns the bundle of each, in order.
 * The bundles mirror test/'s folders so that a failing file is easy to find by name.
 */
export async function bundleTests(root, files, outDir) {
  await build({
    absWorkingDir: root,
    entryPoints: files,
    outbase: root,
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    define,
    plugins: [ownLocation],
    logLevel: 'warning',
  });
  return files.map((file) =>
    join(outDir, dirname(relative(root, join(root, file))), `${basename(file, '.ts')}.mjs`),
  );
}
