// The CLI keeps its compiled code under the CLI's cache folder: Node >= 22.1 through its own compile
// cache, Node 20 through a V8 code cache of the CLI's body (src/cli/code-cache.ts). Run on the private
// Node 22 of .tools (scripts/setup-conformance.sh) and on the Node running the tests.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import * as nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { promisify } from 'node:util';
import { cliBin, root } from '../helpers/cli.js';

const run = promisify(execFile);
const node22 = join(root, '.tools/node22/node_modules/node/bin/node');
const scratch = mkdtempSync(join(tmpdir(), 'mcp-elicit-compile-cache-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.MCP_ELICIT_CACHE_DIR;
  delete env.NODE_COMPILE_CACHE;
  delete env.NODE_DISABLE_COMPILE_CACHE;
  return env;
}

async function version(node: string, env: NodeJS.ProcessEnv): Promise<void> {
  const { stdout } = await run(node, [cliBin, '--version'], { cwd: root, env });
  assert.match(stdout, /^\d+\.\d+\.\d+/);
}

const able = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function';
const onNode20 = { skip: able ? 'this Node has its own compile cache' : false };

/** The Node 20 code caches in `folder`, by name. */
function codeCaches(folder: string): string[] {
  return existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.v8')) : [];
}

it('on Node 22 writes its compile cache under $XDG_CACHE_HOME/mcp-elicit, private', async () => {
  assert.ok(existsSync(node22), `${node22} is missing: run bash scripts/setup-conformance.sh`);
  const xdg = join(scratch, 'xdg');
  await version(node22, { ...baseEnv(), XDG_CACHE_HOME: xdg });
  const folder = join(xdg, 'mcp-elicit', 'compile');
  assert.ok(readdirSync(folder).length > 0, 'nothing was cached');
  assert.equal(statSync(join(xdg, 'mcp-elicit')).mode & 0o777, 0o700);
  assert.equal(statSync(folder).mode & 0o777, 0o700);
});

it('on Node 22 follows MCP_ELICIT_CACHE_DIR, and NODE_DISABLE_COMPILE_CACHE turns it off', async () => {
  const own = join(scratch, 'own');
  const xdg = join(scratch, 'xdg-unused');
  await version(node22, { ...baseEnv(), XDG_CACHE_HOME: xdg, MCP_ELICIT_CACHE_DIR: own });
  assert.ok(readdirSync(join(own, 'compile')).length > 0);
  assert.equal(existsSync(xdg), false);
  const off = join(scratch, 'off');
  await version(node22, { ...baseEnv(), XDG_CACHE_HOME: off, NODE_DISABLE_COMPILE_CACHE: '1' });
  assert.equal(existsSync(join(off, 'mcp-elicit', 'compile')), false);
});

it('on Node 20 keeps a code cache per command, private, and uses it on the next run', onNode20, async () => {
  const xdg = join(scratch, 'this-node');
  const folder = join(xdg, 'mcp-elicit', 'compile');
  await version(process.execPath, { ...baseEnv(), XDG_CACHE_HOME: xdg });
  const [first = '', ...others] = codeCaches(folder);
  assert.ok(first.endsWith(`.${process.version}-${process.arch}.none.v8`), `cached: ${first}`);
  assert.deepEqual(others, []);
  assert.equal(statSync(join(folder, first)).mode & 0o777, 0o600);
  assert.equal(statSync(folder).mode & 0o777, 0o700);
  const written = statSync(join(folder, first)).mtimeMs;
  await version(process.execPath, { ...baseEnv(), XDG_CACHE_HOME: xdg });
  assert.equal(statSync(join(folder, first)).mtimeMs, written, 'a cache V8 accepted is kept as it is');
  await run(process.execPath, [cliBin, 'completion', 'bash'], {
    cwd: root,
    env: { ...baseEnv(), XDG_CACHE_HOME: xdg },
  });
  assert.equal(codeCaches(folder).length, 2, 'the completion command keeps its own');
});

it('on Node 20 never uses a cache someone else could have written, nor a broken one', onNode20, async () => {
  const xdg = join(scratch, 'planted');
  const folder = join(xdg, 'mcp-elicit', 'compile');
  await version(process.execPath, { ...baseEnv(), XDG_CACHE_HOME: xdg });
  const [name = ''] = codeCaches(folder);
  const file = join(folder, name);
  // Garbage V8 rejects: the run works and writes a good cache over it.
  writeFileSync(file, 'not compiled code');
  await version(process.execPath, { ...baseEnv(), XDG_CACHE_HOME: xdg });
  assert.ok(statSync(file).size > 1000, 'a rejected cache is written again');
  // Writable by others: never read, replaced by a private one.
  chmodSync(file, 0o666);
  await version(process.execPath, { ...baseEnv(), XDG_CACHE_HOME: xdg });
  assert.equal(statSync(file).mode & 0o777, 0o600);
  // A folder open to others: nothing is read or written there.
  const open = join(scratch, 'open-folder');
  mkdirSync(open, { mode: 0o777 });
  chmodSync(open, 0o777);
  await version(process.execPath, { ...baseEnv(), NODE_COMPILE_CACHE: open });
  assert.deepEqual(codeCaches(open), []);
  // NODE_DISABLE_COMPILE_CACHE: no cache at all.
  const off = join(scratch, 'off-20');
  await version(process.execPath, { ...baseEnv(), XDG_CACHE_HOME: off, NODE_DISABLE_COMPILE_CACHE: '1' });
  assert.equal(existsSync(join(off, 'mcp-elicit')), false);
});
