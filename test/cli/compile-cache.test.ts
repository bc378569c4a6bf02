// Node >= 22.1 keeps the CLI's compiled code under the CLI's cache folder; Node 20 runs without.
// Run on the private Node 22 of .tools (scripts/setup-conformance.sh) and on the Node running the tests.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
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

it('on the Node running the tests caches exactly when node:module has enableCompileCache', async () => {
  const xdg = join(scratch, 'this-node');
  await version(process.execPath, { ...baseEnv(), XDG_CACHE_HOME: xdg });
  const able = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function';
  assert.equal(existsSync(join(xdg, 'mcp-elicit', 'compile')), able);
});
