// Fixture servers start from an esbuild bundle of their TypeScript (test/helpers/compiled-fixture.ts):
// the bundle must be the fixture itself (its entry check holds, the SDK talks to it), and a module
// that finds files beside its own source must keep running from that source under tsx.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { fixtureCommand } from './helpers/compiled-fixture.js';

describe('fixture servers run from a bundle of their source', () => {
  it('starts a fixture as one JavaScript file, without tsx, and the SDK lists its tools', async () => {
    const command = fixtureCommand('test/fixtures/servers/env-server.ts');
    assert.equal(command.command, process.execPath);
    assert.equal(command.args.length, 1, command.args.join(' '));
    const [bundle = ''] = command.args;
    assert.match(bundle, /node_modules\/\.cache\/mcp-elicit-fixtures\/env-server-[0-9a-f]{16}\.mjs$/);
    assert.ok(existsSync(bundle));
    assert.deepEqual(fixtureCommand('test/fixtures/servers/env-server.ts'), command, 'bundled once');
    const client = new Client({ name: 'compiled-fixture-test', version: '0.0.0' });
    await client.connect(new StdioClientTransport({ command: command.command, args: command.args }));
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        ['environment'],
      );
    } finally {
      await client.close();
    }
  });

  it('keeps a module that reads a file beside its own source under tsx', () => {
    const command = fixtureCommand('test/frontends/terminal/pty-app.ts');
    assert.deepEqual(command.args.slice(0, 2), ['--import', 'tsx']);
    assert.match(command.args[2] ?? '', /test\/frontends\/terminal\/pty-app\.ts$/);
  });
});
