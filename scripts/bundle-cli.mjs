#!/usr/bin/env node
// Bundles the CLI (dist/cli/bin.js, over tsc's output) with its dependencies, so a cold start reads
// a few files instead of hundreds of modules. Lazily loaded parts (front-ends, demo, completion)
// become chunks under dist/cli/chunks/, one folder below the entry like tsc's dist/cli/commands/.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
rmSync(`${root}dist/cli/chunks`, { recursive: true, force: true });
const shared = {
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // CommonJS dependencies (ajv, cross-spawn) call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __mcpElicitRequire } from 'node:module'; const require = __mcpElicitRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
};
await build({
  ...shared,
  entryPoints: { bin: 'src/cli/bin.ts' },
  outdir: 'dist/cli',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  // `open` runs the xdg-open script that sits beside its own files.
  external: ['open'],
});
// The demo server (dist/demo/main.js, over tsc's output) is one file too: it starts in about half
// the CPU of loading the SDK's server from its modules (0.25 against 0.46 s on Node 20), and every
// `mcp-elicit demo` and every example and test against it starts one. tsc's source map would no
// longer match it.
await build({ ...shared, entryPoints: { main: 'src/demo/main.ts' }, outdir: 'dist/demo' });
rmSync(`${root}dist/demo/main.js.map`, { force: true });
// The browser front-end reads its script and stylesheet beside its own module (import.meta.url),
// which in the bundle is a chunk.
cpSync(`${root}src/frontends/browser/assets`, `${root}dist/cli/chunks/assets`, { recursive: true });
