// `mcp-elicit auth login|status|logout` against an outside authorization server (oidc-provider):
// login signs in without calling anything, status shows the sign-in and its expiry but never a
// token, logout revokes (RFC 7009) so the tokens stop working, then deletes them, and says so when
// the server cannot revoke.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { req } from '../helpers/req.js';
import {
  assertNoSecrets,
  mcpStatus,
  type ProtectedSetup,
  refreshStatus,
  scratchAuthDir,
  signInBrowser,
  startProtected,
  storedTokens,
} from './e2e-harness.js';

interface StatusEntry {
  server: string;
  client: string;
  issuer?: string;
  signedIn: boolean;
  expiresAt?: string;
  refreshable: boolean;
}

function statusEntries(stdout: string): StatusEntry[] {
  return (JSON.parse(stdout) as { result: { servers: StatusEntry[] } }).result.servers;
}

describe('auth login, status and logout', () => {
  let setup: ProtectedSetup;
  const authDir = scratchAuthDir();
  const browser = signInBrowser();
  const env = () => ({ MCP_ELICIT_AUTH_DIR: authDir, BROWSER: browser.command });
  before(async () => {
    setup = await startProtected({ accessTokenFormat: 'opaque' });
  });
  after(() => setup.close());

  it('status with nothing stored says so', async () => {
    const run = await runCli(['auth', 'status'], { env: env() });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /not signed in to any server/);
  });

  it(req`login signs in without calling a tool, and status shows the sign-in with its expiry, never a token (A-28)`, async () => {
    const login = await runCli(['--open-urls', 'auth', 'login', '--url', setup.rs.url], { env: env() });
    assert.equal(login.status, 0, login.stderr);
    assert.equal(browser.opened().length, 1);
    assert.match(login.stdout, /signed in, expires \d{4}-\d\d-\d\dT/);
    const status = await runCli(['auth', 'status', '--json'], { env: env() });
    assert.equal(status.status, 0, status.stderr);
    const [entry, ...others] = statusEntries(status.stdout);
    assert.deepEqual(others, []);
    assert.equal(entry?.server, setup.rs.url);
    assert.equal(entry?.issuer, setup.as.issuer);
    assert.equal(entry?.signedIn, true);
    assert.equal(entry?.refreshable, true);
    assert.ok(Date.parse(entry?.expiresAt ?? '') > Date.now(), 'expires in the future');
    const text = await runCli(['auth', 'status', '--url', setup.rs.url], { env: env() });
    assert.match(
      text.stdout,
      new RegExp(`^${setup.rs.url} via ${setup.as.issuer}: signed in, expires .*refreshable\\n$`),
    );
    assertNoSecrets(storedTokens(authDir), {
      'login stdout': login.stdout,
      'login stderr': login.stderr,
      'status --json': status.stdout,
      status: text.stdout,
    });
  });

  it('a call after login needs no sign-in', async () => {
    const run = await runCli(['--open-urls', 'call', 'vault_code', '--url', setup.rs.url], { env: env() });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(browser.opened().length, 1);
  });

  it(req`logout revokes the tokens at the authorization server, then deletes them (E-42)`, async () => {
    const [access, refresh] = tokensOf(authDir);
    const client = clientIdOf(authDir);
    const logout = await runCli(['auth', 'logout', '--url', setup.rs.url], { env: env() });
    assert.equal(logout.status, 0, logout.stderr);
    assert.match(logout.stdout, /revoked at .*: refresh token and access token/);
    assert.match(logout.stdout, /signed out of/);
    assert.equal(logout.stderr, '');
    assert.deepEqual(readdirSync(authDir), []);
    // The revoked tokens no longer work anywhere.
    assert.equal(await mcpStatus(setup.rs.url, access), 401);
    const grant = {
      tokens: { access_token: access, refresh_token: refresh, token_type: 'Bearer' },
      client: { client_id: client },
    };
    assert.equal(await refreshStatus(setup.as.issuer, grant, setup.rs.url), 400);
    const again = await runCli(['auth', 'logout', '--url', setup.rs.url], { env: env() });
    assert.match(again.stdout, /not signed in to .*nothing to do/);
  });

  it(req`login and logout need an HTTP server (A-01)`, async () => {
    const run = await runCli(['auth', 'login', '--', 'node', 'server.js'], { env: env() });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /only to servers reached by --url/);
    const bad = await runCli(['auth', 'refresh', '--url', setup.rs.url], { env: env() });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /auth takes one of login, status, logout/);
  });
});

describe('logout at an authorization server without revocation', () => {
  let setup: ProtectedSetup;
  before(async () => {
    setup = await startProtected({ revocation: false });
  });
  after(() => setup.close());

  it(req`deletes the tokens and says the grant may live until it expires (E-42)`, async () => {
    const authDir = scratchAuthDir();
    const env = { MCP_ELICIT_AUTH_DIR: authDir, BROWSER: signInBrowser().command };
    assert.equal((await runCli(['--open-urls', 'auth', 'login', '--url', setup.rs.url], { env })).status, 0);
    const logout = await runCli(['auth', 'logout', '--url', setup.rs.url], { env });
    assert.equal(logout.status, 0, logout.stderr);
    assert.match(logout.stderr, /offers no token revocation: the grant may stay valid .* until it expires/);
    assert.deepEqual(readdirSync(authDir), []);
  });
});

function tokensOf(dir: string): [string, string] {
  const record = readRecord(dir) as {
    issuers: Record<string, { tokens?: { tokens: { access_token: string; refresh_token: string } } }>;
  };
  const tokens = Object.values(record.issuers)[0]?.tokens?.tokens;
  assert.ok(tokens);
  return [tokens.access_token, tokens.refresh_token];
}

function clientIdOf(dir: string): string {
  const record = readRecord(dir) as { issuers: Record<string, { client?: { client_id: string } }> };
  const id = Object.values(record.issuers)[0]?.client?.client_id;
  assert.ok(id);
  return id;
}

function readRecord(dir: string): unknown {
  const [name, ...more] = readdirSync(dir).filter((n) => n.endsWith('.json'));
  assert.ok(name !== undefined && more.length === 0, 'one store file');
  return JSON.parse(readFileSync(join(dir, name), 'utf8'));
}
