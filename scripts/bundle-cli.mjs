#!/usr/bin/env node
// Bundles the CLI with its dependencies, over tsc's output, so a cold start reads a few files instead
// of hundreds of modules, twice: dist/cli/bin.js with ES module chunks under dist/cli/chunks/ (one
// folder below the entry like tsc's dist/cli/commands/), loaded part by part as a command needs
// them; and the same body as one CommonJS function, dist/cli/chunks/cli-<hash>.cjs, which Node 20 runs
// through a V8 code cache (src/cli/code-cache.ts): it can keep compiled code of a script, not of an
// ES module. Which one a run loads is decided in src/cli/compile-cache.ts.
import { cpSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
rmSync(`${root}dist/cli/chunks`, { recursive: true, force: true });
const shared = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
};
// CommonJS dependencies (ajv, cross-spawn) call require() for Node built-ins.
const esm = {
  ...shared,
  format: 'esm',
  banner: {
    js: "import { createRequire as __mcpElicitRequire } from 'node:module'; const require = __mcpElicitRequire(import.meta.url);",
  },
};
const body = await build({
  ...shared,
  format: 'cjs',
  entryPoints: { cli: 'src/cli/body.ts' },
  outdir: 'dist/cli/chunks',
  entryNames: '[name]-[hash]',
  outExtension: { '.js': '.cjs' },
  // `open` runs the xdg-open script that sits beside its own files (and is an ES module: import()).
  external: ['open'],
  // The sources read files beside their own module (the page's assets, the demo server).
  define: { 'import.meta.url': '__mcpElicitUrl', 'import.meta.resolve': '__mcpElicitResolve' },
  // Written as CommonJS's own function wrapper, which the loader compiles as it is: wrapping 4 MB of
  // text at each start would copy it.
  banner: {
    js: [
      // Strict, as the ES modules it is made of were (esbuild's own "use strict" comes too late).
      "(function (exports, require, module, __filename, __dirname) { 'use strict';",
      "const __mcpElicitUrl = require('node:url').pathToFileURL(__filename).href;",
      "const __mcpElicitResolve = (s) => require('node:url').pathToFileURL(require.resolve(s)).href;",
    ].join(' '),
  },
  footer: { js: '})' },
  metafile: true,
});
const bodyName = basename(Object.keys(body.metafile.outputs).find((file) => file.endsWith('.cjs')));
await build({
  ...esm,
  entryPoints: { bin: 'src/cli/bin.ts' },
  outdir: 'dist/cli',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  external: ['open'],
  define: { __MCP_ELICIT_CLI_BODY__: JSON.stringify(bodyName) },
});
// The demo server (dist/demo/main.js, over tsc's output) is one file too: it starts in about half
// the CPU of loading the SDK's server from its modules (0.25 against 0.46 s on Node 20), and every
// `mcp-elicit demo` and every example and test against it starts one. tsc's source map would no
// longer match it.
await build({ ...esm, entryPoints: { main: 'src/demo/main.ts' }, outdir: 'dist/demo' });
rmSync(`${root}dist/demo/main.js.map`, { force: true });
// The browser front-end reads its script and stylesheet beside its own module (import.meta.url),
// which in the bundle is the body.
cpSync(`${root}src/frontends/browser/assets`, `${root}dist/cli/chunks/assets`, { recursive: true });
