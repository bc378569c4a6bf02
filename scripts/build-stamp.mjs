// The up-to-date check behind `scripts/build.mjs --if-stale`: a SHA-256 of every build input's path
// and content, compared with the stamp the last successful build wrote into dist/.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Files and folders whose content decides what the build writes. */
export const BUILD_INPUTS = [
  'src',
  'scripts/build.mjs',
  'scripts/build-stamp.mjs',
  'scripts/copy-assets.mjs',
  'scripts/bundle-cli.mjs',
  'scripts/bundle-cjs.mjs',
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
  'package-lock.json',
  // What is really installed: the CLI bundle includes the dependencies' code.
  'node_modules/.package-lock.json',
];

/** Outputs a run needs: a stamp without them (dist/ partly deleted) is not trusted. */
export const BUILD_OUTPUTS = [
  'dist/index.js',
  'dist/core-entry.js',
  'dist/cjs/index.cjs',
  'dist/cjs/core.cjs',
  'dist/cjs/auth.cjs',
  'dist/cjs/stdio.cjs',
  'dist/cli/bin.js',
  'dist/demo/main.js',
  'dist/cli/chunks/assets',
];

export const STAMP = 'dist/.build-stamp';

/** Every file under the folder `path`, as sorted paths relative to `root`. */
function filesUnder(root, path) {
  return readdirSync(join(root, path), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
}

export function inputHash(root, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const full = join(root, input);
    if (!existsSync(full)) {
      hash.update(`missing ${input}\0`);
      continue;
    }
    const isDir = statSync(full).isDirectory();
    for (const file of isDir ? filesUnder(root, input) : [input])
      hash
        .update(`${file}\0`)
        .update(readFileSync(join(root, file)))
        .update('\0');
  }
  return hash.digest('hex');
}

/** True when dist/ was built by a successful build from inputs with exactly this hash. */
export function stampMatches(root, hash, outputs = BUILD_OUTPUTS) {
  const stamp = join(root, STAMP);
  if (!existsSync(stamp) || outputs.some((output) => !existsSync(join(root, output)))) return false;
  return readFileSync(stamp, 'utf8').trim() === hash;
}
