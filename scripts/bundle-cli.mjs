#!/usr/bin/env node
// Bundles the CLI (dist/cli/bin.js, over tsc's output) with its dependencies, so a cold start reads
// a few files instead of hundreds of modules. Lazily loaded parts (front-ends, demo, completion)
// become chunks under dist/cli/chunks/, one folder below the entry like tsc's dist/cli/commands/.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
rmSync(`${root}dist/cli/chunks`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { bin: 'src/cli/bin.ts' },
  outdir: 'dist/cli',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // `open` runs the xdg-open script that sits beside its own files.
  external: ['open'],
  // CommonJS dependencies (ajv, cross-spawn) call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __mcpElicitRequire } from 'node:module'; const require = __mcpElicitRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
});
// The browser front-end reads its script and stylesheet beside its own module (import.meta.url),
// which in the bundle is a chunk.
cpSync(`${root}src/frontends/browser/assets`, `${root}dist/cli/chunks/assets`, { recursive: true });
