// A CommonJS program uses mcp-elicit (the "require" conditions, dist/cjs/, built by `npm run build`):
// it requires the SDK's CommonJS build and ours, and both hold the same Client, so attaching works
// (no `sdk-incompatible`) and a real stdio server's form is answered by the scripted front-end.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { root } from '../helpers/cli.js';
import { runNode, userProject } from '../helpers/user-project.js';

const schema = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 2 }, plan: { type: 'string', enum: ['free', 'pro'] } },
  required: ['name', 'plan'],
};

// The program a CommonJS user writes: SDK and mcp-elicit by require, a server that asks for a form.
const client = `
const { Client } = require('@modelcontextprotocol/client');
const { StdioClientTransport } = require('@modelcontextprotocol/client/stdio');
const { attachElicitation, ScriptedRenderer } = require('mcp-elicit');
const [server, loader, schema] = process.argv.slice(2);
(async () => {
  const client = new Client({ name: 'cjs-client', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  const renderer = new ScriptedRenderer({ answers: [{ action: 'accept', content: { name: 'Ada', plan: 'pro' } }] });
  const session = attachElicitation(client, { renderer, server: 'echo' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: ['--import', loader, server] }));
  const result = await session.callTool({ name: 'ask', arguments: { schema: JSON.parse(schema) } }, { timeoutMs: 60000 });
  console.log(result.content[0].text);
  await client.close();
})().catch((error) => {
  console.error(\`\${error.code ?? ''} \${error.message}\`);
  process.exitCode = 1;
});
`;

// The engine alone, by require: it loads without the SDK.
const engine = `
const core = require('mcp-elicit/core');
const parsed = core.parseRequestedSchema({ type: 'object', properties: { a: { type: 'object' } } });
const sdk = Object.keys(require.cache).filter((file) => file.includes('@modelcontextprotocol'));
console.log(JSON.stringify({ refused: !parsed.ok, sdk, session: typeof core.FormSession }));
`;

// The same program in TypeScript, compiled as CommonJS: the "require" conditions' .d.cts types.
const typed = `
import { Client } from '@modelcontextprotocol/client';
import { attachElicitation, type ElicitationSession, ScriptedRenderer } from 'mcp-elicit';
import { FormSession } from 'mcp-elicit/core';
const renderer = new ScriptedRenderer({ acceptDefaults: true });
const session: ElicitationSession = attachElicitation(new Client({ name: 'c', version: '1' }), { renderer, server: 's' });
export const used: unknown = [session, FormSession];
`;

describe('mcp-elicit in a CommonJS program', () => {
  let dir: string;
  before(() => {
    dir = userProject('mcp-elicit-cjs-', { 'client.cjs': client, 'engine.cjs': engine, 'typed.cts': typed });
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('attaches to the Client it required and answers a real server form with the scripted front-end', () => {
    const server = join(root, 'test/fixtures/servers/echo-form-server.ts');
    const loader = import.meta.resolve('tsx');
    const run = runNode(dir, ['client.cjs', server, loader, JSON.stringify(schema)]);
    assert.doesNotMatch(run.stderr, /sdk-incompatible/);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { action: 'accept', content: { name: 'Ada', plan: 'pro' } });
  });

  it('requires mcp-elicit/core on its own, without loading the SDK', () => {
    const run = runNode(dir, ['engine.cjs']);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { refused: true, sdk: [], session: 'function' });
  });

  it('type-checks a CommonJS TypeScript file that imports both entries and hands the SDK Client over', () => {
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const options = [
      '--module',
      'node16',
      '--moduleResolution',
      'node16',
      '--strict',
      '--noEmit',
      '--skipLibCheck',
    ];
    const types = ['--typeRoots', join(root, 'node_modules/@types'), '--types', 'node'];
    const run = runNode(dir, [tsc, ...options, ...types, 'typed.cts']);
    assert.equal(run.status, 0, run.stdout + run.stderr);
  });
});
