// `import 'mcp-elicit'` loads only what a form in the terminal needs (issue 32): no node:net, http,
// http2, tls, https or child_process until a part that needs one is used. Sign-in and the stdio
// transport live behind `mcp-elicit/auth` and `mcp-elicit/stdio`, in the ESM and CommonJS builds,
// and an ElicitError from one entry is an ElicitError to another.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { root } from '../helpers/cli.js';

const NETWORK = ['net', 'http', 'http2', 'https', 'tls', 'child_process'];

// A program that only wants attachElicitation with the terminal form, then reports which of those
// modules the process has loaded (Node itself loads none of them at start).
const body = `
const client = new Client({ name: 'lean', version: '1.0.0' });
const session = attachElicitation(client, {
  renderer: new TerminalRenderer({ input: new PassThrough(), output: new PassThrough() }),
  server: 'demo',
});
const loaded = process.moduleLoadList
  .filter((name) => name.startsWith('NativeModule '))
  .map((name) => name.slice('NativeModule '.length))
  .filter((name) => ${JSON.stringify(NETWORK)}.includes(name));
// Written with writeSync: touching process.stdout, a pipe here, would load node:net itself.
writeSync(1, JSON.stringify({ loaded, attached: typeof session.callTool }));
`;
const esm = `import { Client } from '@modelcontextprotocol/client';
import { attachElicitation, TerminalRenderer } from 'mcp-elicit';
import { writeSync } from 'node:fs';
import { PassThrough } from 'node:stream';
${body}`;
const cjs = `const { Client } = require('@modelcontextprotocol/client');
const { attachElicitation, TerminalRenderer } = require('mcp-elicit');
const { writeSync } = require('node:fs');
const { PassThrough } = require('node:stream');
${body}`;

// The subpath entries, and one error class across entries.
const entries = (load: (name: string) => string) => `
const auth = ${load('mcp-elicit/auth')};
const stdio = ${load('mcp-elicit/stdio')};
const main = ${load('mcp-elicit')};
const core = ${load('mcp-elicit/core')};
console.log(JSON.stringify({
  auth: [typeof auth.SignInProvider, typeof auth.AuthStore, typeof auth.connectWithSignIn],
  stdio: [typeof stdio.createGuardedStdioTransport, typeof stdio.guardStdioTransport],
  rootHasNoSignIn: !('SignInProvider' in main) && !('createGuardedStdioTransport' in main),
  sameError: new core.ElicitError('usage', 'x') instanceof main.ElicitError,
  taskErrorIsNarrow: !(new main.ElicitError('usage', 'x') instanceof main.TaskError),
}));
`;

function runNode(cwd: string, file: string) {
  const run = spawnSync(process.execPath, [file], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the package root and its Node entries', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-elicit-lean-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'lean-user', type: 'commonjs' }));
    mkdirSync(join(dir, 'node_modules/@modelcontextprotocol'), { recursive: true });
    symlinkSync(root, join(dir, 'node_modules/mcp-elicit'));
    symlinkSync(
      join(root, 'node_modules/@modelcontextprotocol/client'),
      join(dir, 'node_modules/@modelcontextprotocol/client'),
    );
    writeFileSync(join(dir, 'lean.mjs'), esm);
    writeFileSync(join(dir, 'lean.cjs'), cjs);
    writeFileSync(
      join(dir, 'entries.mjs'),
      entries((name) => `await import('${name}')`),
    );
    writeFileSync(
      join(dir, 'entries.cjs'),
      entries((name) => `require('${name}')`),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const file of ['lean.mjs', 'lean.cjs']) {
    it(`attaches the terminal form without loading ${NETWORK.join(', ')} (${file})`, () => {
      const run = runNode(dir, file);
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(JSON.parse(run.stdout), { loaded: [], attached: 'function' });
    });
  }

  for (const file of ['entries.mjs', 'entries.cjs']) {
    it(`serves sign-in and the stdio transport from their own entries, with one ElicitError (${file})`, () => {
      const run = runNode(dir, file);
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(JSON.parse(run.stdout), {
        auth: ['function', 'function', 'function'],
        stdio: ['function', 'function'],
        rootHasNoSignIn: true,
        sameError: true,
        taskErrorIsNarrow: true,
      });
    });
  }
});
