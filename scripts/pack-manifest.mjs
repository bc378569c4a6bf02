// The packed package.json carries no `prepare`: it builds dist/ in a clone, but in an installed
// tarball (dist/ already built) npm 11 lists it as an install script to approve. `prepack` builds
// and strips it, `postpack` puts package.json back byte for byte.
import { copyFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = join(root, 'package.json');
const kept = join(root, '.package.json.unpacked');

if (process.argv[2] === 'strip') {
  copyFileSync(manifest, kept);
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  delete pkg.scripts.prepare;
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (process.argv[2] === 'restore') {
  renameSync(kept, manifest);
} else {
  throw new Error('usage: node scripts/pack-manifest.mjs strip|restore');
}
