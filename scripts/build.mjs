#!/usr/bin/env node
// The build (tsc, the browser assets, the CLI bundle, the CommonJS bundles); with --if-stale, only
// when its inputs changed since the last successful build, so `npm start` and `npm test` start at
// once when nothing changed.
//
// Sound by construction (scripts/build-stamp.mjs): the stamp holds a hash of every input's path and
// content taken BEFORE the build and is written only after the build succeeded; every build deletes
// it first. So it matches only if dist/ was built from exactly these inputs, and an edit made
// during a build makes the next check rebuild.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inputHash, STAMP, stampMatches } from './build-stamp.mjs';

const root = new URL('..', import.meta.url).pathname;
const hash = inputHash(root);
if (process.argv.includes('--if-stale') && stampMatches(root, hash)) process.exit(0);
rmSync(join(root, STAMP), { force: true });
for (const args of [
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
  ['scripts/copy-assets.mjs'],
  ['scripts/bundle-cli.mjs'],
  ['scripts/bundle-cjs.mjs'],
]) {
  try {
    execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  } catch (error) {
    process.exit(error.status ?? 1); // the step printed its own errors
  }
}
writeFileSync(join(root, STAMP), `${hash}\n`);
