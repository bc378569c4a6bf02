// The library's guarded stdio transport keeps the SDK's default environment (issue 13): a server
// gets the SDK's safe set plus the `env` the caller passes, not the caller's whole environment.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { DEFAULT_INHERITED_ENV_VARS } from '@modelcontextprotocol/client/stdio';
import { createGuardedStdioTransport } from '../../src/mcp/guarded-stdio.js';
import { envStdioCommand } from '../helpers/servers.js';

async function environmentSeen(env?: Record<string, string>): Promise<Record<string, string>> {
  const client = new Client({ name: 'env-test', version: '0.0.0' });
  await client.connect(createGuardedStdioTransport({ ...envStdioCommand(), ...(env && { env }) }));
  try {
    const result = await client.callTool({ name: 'environment', arguments: {} });
    const [block] = result.content as { type: string; text: string }[];
    return JSON.parse(block?.text ?? '{}') as Record<string, string>;
  } finally {
    await client.close();
  }
}

describe('createGuardedStdioTransport and the environment', () => {
  before(() => {
    process.env.SECRET_TOKEN_X = 'hunter2';
  });
  after(() => {
    delete process.env.SECRET_TOKEN_X;
  });

  it("gives the server the SDK's safe set only, without SECRET_TOKEN_X", async () => {
    const env = await environmentSeen();
    assert.equal(env.SECRET_TOKEN_X, undefined);
    assert.equal(env.PATH, process.env.PATH);
    assert.deepEqual(
      Object.keys(env).filter((name) => !DEFAULT_INHERITED_ENV_VARS.includes(name)),
      [],
    );
  });

  it('adds exactly the env it is given', async () => {
    const env = await environmentSeen({ API_KEY: 'k' });
    assert.equal(env.API_KEY, 'k');
    assert.equal(env.SECRET_TOKEN_X, undefined);
  });
});
