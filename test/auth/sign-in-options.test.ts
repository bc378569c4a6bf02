// The sign-in options as a user gives them: the flags (checked one by one, HTTP servers only, a
// secret only by the name of an environment variable) and a config entry's `oauth` object in the
// shapes of our own, Claude Code's and gemini-cli's configs (a literal secret refused).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { clientSecretFrom, mergeSettings } from '../../src/auth/settings.js';
import { parseCliArgs } from '../../src/cli/args.js';
import { loadServerFromConfig } from '../../src/cli/config.js';
import { req } from '../helpers/req.js';

const url = ['--url', 'https://mcp.example.com/mcp'];

function configFile(entry: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mcp-elicit-oauth-')), 'mcp.json');
  writeFileSync(file, JSON.stringify({ mcpServers: { s: entry } }));
  return file;
}

describe('the sign-in flags', () => {
  it('parses every flag for an HTTP server', () => {
    const args = parseCliArgs([
      'tools',
      ...url,
      '--client-id',
      'abc',
      '--client-secret-env',
      'MY_SECRET',
      '--client-metadata-url',
      'https://app.example.com/client.json',
      '--callback-port',
      '8765',
      '--scope',
      ' files:read   files:write ',
    ]);
    assert.deepEqual(args.oauth, {
      clientId: 'abc',
      clientSecretEnv: 'MY_SECRET',
      clientMetadataUrl: 'https://app.example.com/client.json',
      callbackPort: 8765,
      scope: 'files:read files:write',
    });
  });

  it('gives no sign-in settings when no flag is used', () => {
    assert.equal(parseCliArgs(['tools', ...url]).oauth, undefined);
  });

  it('refuses bad values, each naming its flag', () => {
    const bad: [string[], RegExp][] = [
      [['--callback-port', '0'], /--callback-port must be a port number/],
      [['--callback-port', '70000'], /--callback-port must be a port number/],
      [['--callback-port', 'abc'], /--callback-port must be a port number/],
      [['--client-metadata-url', 'http://app.example.com/c.json'], /--client-metadata-url must be an https/],
      [['--client-metadata-url', 'https://app.example.com/'], /--client-metadata-url must be an https/],
      [['--client-secret-env', 'not a name'], /takes the NAME of an environment variable/],
      [['--scope', '   '], /--scope must name at least one scope/],
    ];
    for (const [flags, message] of bad)
      assert.throws(() => parseCliArgs(['tools', ...url, ...flags]), message);
  });

  it(req`refuses sign-in flags for a stdio server (A-01)`, () => {
    assert.throws(
      () => parseCliArgs(['tools', '--client-id', 'x', '--', 'node', 'server.js']),
      /only apply to an HTTP server/,
    );
  });

  it('reads the secret from the named variable only, and needs the client ID with it', () => {
    assert.equal(clientSecretFrom({ clientId: 'a', clientSecretEnv: 'S' }, { S: 'shh' }), 'shh');
    assert.equal(clientSecretFrom({ clientId: 'a' }, { S: 'shh' }), undefined);
    assert.throws(() => clientSecretFrom({ clientId: 'a', clientSecretEnv: 'S' }, {}), /S is not set/);
    assert.throws(() => clientSecretFrom({ clientSecretEnv: 'S' }, { S: 'x' }), /needs its client ID/);
  });

  it('lets flags win over the config entry, field by field', () => {
    assert.deepEqual(mergeSettings({ clientId: 'cfg', callbackPort: 1 }, { clientId: 'flag' }), {
      clientId: 'flag',
      callbackPort: 1,
    });
    assert.equal(mergeSettings(undefined, undefined), undefined);
  });
});

describe('an oauth object in an mcpServers entry', () => {
  it("reads ours and Claude Code's shape (clientId, clientSecretEnv, callbackPort, scopes)", async () => {
    const file = configFile({
      type: 'http',
      url: 'https://mcp.example.com/mcp',
      oauth: {
        clientId: 'abc',
        clientSecretEnv: 'SECRET',
        callbackPort: 8080,
        scopes: ['a', 'b'],
        clientMetadataUrl: 'https://app.example.com/c.json',
      },
    });
    const target = await loadServerFromConfig(file, 's', {});
    assert.equal(target.kind, 'http');
    assert.deepEqual(target.kind === 'http' && target.oauth, {
      clientId: 'abc',
      clientSecretEnv: 'SECRET',
      clientMetadataUrl: 'https://app.example.com/c.json',
      callbackPort: 8080,
      scope: 'a b',
    });
  });

  it("reads gemini-cli's shape: scopes, and the port of redirectUri", async () => {
    const file = configFile({
      httpUrl: undefined,
      url: 'https://mcp.example.com/mcp',
      oauth: {
        enabled: true,
        clientId: 'g',
        scopes: 'x y',
        redirectUri: 'http://localhost:7777/oauth/callback',
      },
    });
    const target = await loadServerFromConfig(file, 's', {});
    assert.deepEqual(target.kind === 'http' && target.oauth, {
      clientId: 'g',
      callbackPort: 7777,
      scope: 'x y',
    });
  });

  it('refuses a literal clientSecret, saying to use clientSecretEnv', async () => {
    const file = configFile({
      url: 'https://mcp.example.com/mcp',
      oauth: { clientId: 'a', clientSecret: 'literal-secret-1' },
    });
    await assert.rejects(loadServerFromConfig(file, 's', {}), (error: Error) => {
      assert.match(error.message, /clientSecretEnv/);
      assert.ok(!error.message.includes('literal-secret-1'), 'the secret is not repeated');
      return true;
    });
  });

  it('refuses unknown fields, bad ports and an oauth object on a stdio entry', async () => {
    await assert.rejects(
      loadServerFromConfig(configFile({ url: 'https://m.example/mcp', oauth: { clientID: 'a' } }), 's', {}),
      /oauth.clientID" is not a known/,
    );
    await assert.rejects(
      loadServerFromConfig(configFile({ url: 'https://m.example/mcp', oauth: { callbackPort: 0 } }), 's', {}),
      /port number/,
    );
    await assert.rejects(
      loadServerFromConfig(
        configFile({ url: 'https://m.example/mcp', oauth: { redirectUri: 'https://x.example/cb' } }),
        's',
        {},
      ),
      /loopback/,
    );
    await assert.rejects(
      loadServerFromConfig(configFile({ command: 'node', oauth: { clientId: 'a' } }), 's', {}),
      /only applies to an HTTP server/,
    );
  });
});
