#!/usr/bin/env node
// The CommonJS build (the "require" conditions of package.json): dist/cjs/index.cjs, auth.cjs,
// stdio.cjs and core.cjs, and their types (dist/cjs/types/, tsc's declarations as .d.cts). The SDK and every runtime dependency stay external, so a CommonJS program's
// `require('@modelcontextprotocol/client')` and ours load the same CommonJS copy of the SDK (two
// copies would make its Client fail our `instanceof` check: `sdk-incompatible`).
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
// ext-tasks ships ESM only: bundled, so its own import of the SDK becomes our require of the consumer's copy.
const bundled = new Set(['@modelcontextprotocol/ext-tasks']);
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)].filter(
  (name) => !bundled.has(name),
);

rmSync(`${root}dist/cjs`, { recursive: true, force: true });
const common = {
  absWorkingDir: root,
  outdir: 'dist/cjs',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external,
  legalComments: 'none',
  logLevel: 'warning',
};
// The engine alone: pure, so it needs no shim (and keeps its graph free of node:*).
await build({ ...common, entryPoints: { core: 'src/core-entry.ts' } });
await build({
  ...common,
  // Each Node entry is its own file: requiring the root loads neither sign-in nor the stdio transport.
  entryPoints: { index: 'src/index.ts', auth: 'src/auth-entry.ts', stdio: 'src/stdio-entry.ts' },
  // import.meta does not exist in CommonJS: the same answers from __filename and require.resolve.
  define: { 'import.meta.url': '__mcpElicitUrl', 'import.meta.resolve': '__mcpElicitResolve' },
  banner: {
    js: [
      'const __mcpElicitUrl = require("node:url").pathToFileURL(__filename).href;',
      'const __mcpElicitResolve = (s) => require("node:url").pathToFileURL(require.resolve(s)).href;',
    ].join('\n'),
  },
});
// The browser front-end reads its script and stylesheet beside its own module (import.meta.url).
cpSync(`${root}src/frontends/browser/assets`, `${root}dist/cjs/assets`, { recursive: true });

// TypeScript reads a .d.ts of this "type": "module" package as ESM, which a CommonJS file may not
// import (TS1479): the same declarations as .d.cts, their relative imports pointing at .cjs.
const types = `${root}dist/cjs/types`;
for (const entry of readdirSync(`${root}dist`, { recursive: true, withFileTypes: true })) {
  const from = join(entry.parentPath, entry.name);
  if (!entry.isFile() || !entry.name.endsWith('.d.ts') || from.startsWith(`${root}dist/cjs/`)) continue;
  const to = join(types, relative(`${root}dist`, from)).replace(/\.d\.ts$/, '.d.cts');
  const text = readFileSync(from, 'utf8').replace(
    /((?:from |import\()['"]\.\.?\/[^'"]*)\.js(['"])/g,
    '$1.cjs$2',
  );
  mkdirSync(dirname(to), { recursive: true });
  writeFileSync(to, text);
}
