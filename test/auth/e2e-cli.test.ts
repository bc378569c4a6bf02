// The CLI signs in to a protected server behind an outside authorization server (oidc-provider),
// on both eras: a scripted person at the sign-in page (BROWSER stand-in), tokens reused, refreshed
// when they expire, a new sign-in when the grant was revoked, and no token anywhere in what the
// CLI writes.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { VAULT_CODE } from '../fixtures/auth/protected-server.js';
import { jsonReport, resultText, runCli } from '../helpers/cli.js';
import { expireStoredTokens } from '../helpers/expire-tokens.js';
import { req } from '../helpers/req.js';
import {
  assertNoSecrets,
  assertPrivateStore,
  type ProtectedSetup,
  scratchAuthDir,
  signInBrowser,
  startProtected,
  storedTokens,
} from './e2e-harness.js';

const ERAS = [
  { era: 'legacy', protocol: '2025-11-25' },
  { era: 'modern', protocol: '2026-07-28' },
] as const;

const requestsOf = (setup: ProtectedSetup, from: number) =>
  setup.as
    .clientRequests()
    .slice(from)
    .map((r) => `${r.method} ${r.path}`);

for (const { era, protocol } of ERAS) {
  describe(`sign-in with the CLI at ${protocol}`, () => {
    let setup: ProtectedSetup;
    const authDir = scratchAuthDir();
    const browser = signInBrowser();
    const auditLog = join(mkdtempSync(join(tmpdir(), 'auth-audit-')), 'audit.jsonl');
    const outputs: Record<string, string> = {};
    const call = (tool: string, extra: string[] = []) =>
      runCli(['--protocol', era, '--open-urls', '--json', ...extra, 'call', tool, '--url', setup.rs.url], {
        env: { MCP_ELICIT_AUTH_DIR: authDir, BROWSER: browser.command },
      });
    before(async () => {
      setup = await startProtected();
    });
    after(() => setup.close());

    it(req`signs in once through the sign-in page (S256, resource = the server), then the tool answers (A-20, A-21, A-28)`, async () => {
      const run = await call('vault_code');
      outputs['first stdout'] = run.stdout;
      outputs['first stderr'] = run.stderr;
      assert.equal(run.status, 0, run.stderr);
      assert.equal(resultText(jsonReport(run)), VAULT_CODE);
      assert.equal(browser.opened().length, 1, 'one sign-in page');
      const page = new URL(browser.opened()[0] ?? '');
      assert.equal(page.origin, setup.as.issuer);
      assert.equal(page.searchParams.get('code_challenge_method'), 'S256');
      assert.equal(page.searchParams.get('resource'), setup.rs.url);
      assert.ok(requestsOf(setup, 0).includes('POST /reg'), 'registered dynamically');
      assertPrivateStore(authDir);
    });

    it(req`calls again with the stored bearer token: no sign-in, no request to the authorization server (A-26)`, async () => {
      const before = setup.as.clientRequests().length;
      const run = await call('ask_name', ['--set', 'name=Ada', '--audit-log', auditLog]);
      outputs['second stdout'] = run.stdout;
      outputs['second stderr'] = run.stderr;
      assert.equal(run.status, 0, run.stderr);
      assert.equal(resultText(jsonReport(run)), 'Hello, Ada');
      assert.equal(browser.opened().length, 1, 'no new sign-in page');
      assert.deepEqual(requestsOf(setup, before), []);
    });

    it('an expired access token is refreshed without a sign-in', async () => {
      const dir = scratchAuthDir();
      const env = { MCP_ELICIT_AUTH_DIR: dir, BROWSER: browser.command };
      const args = ['--protocol', era, '--open-urls', '--json', 'call', 'vault_code', '--url', setup.rs.url];
      assert.equal((await runCli(args, { env })).status, 0);
      const opened = browser.opened().length;
      assert.equal(expireStoredTokens(dir), 1, 'the stored token is now an hour past its expiry');
      const before = setup.as.clientRequests().length;
      const run = await runCli(args, { env });
      outputs['refresh stderr'] = run.stderr;
      assert.equal(run.status, 0, run.stderr);
      assert.equal(resultText(jsonReport(run)), VAULT_CODE);
      assert.equal(browser.opened().length, opened, 'no sign-in page');
      const sent = requestsOf(setup, before);
      assert.ok(sent.includes('POST /token'), `a refresh was made: ${sent.join(', ')}`);
      assert.ok(!sent.some((r) => r.startsWith('GET /auth')), 'no authorization request');
    });

    it(req`no token appears on stdout, stderr, --json or the audit log (A-28)`, () => {
      outputs['audit log'] = readFileSync(auditLog, 'utf8');
      assertNoSecrets(storedTokens(authDir), outputs);
    });
  });
}

describe('a grant the authorization server revoked', () => {
  let setup: ProtectedSetup;
  before(async () => {
    // Opaque tokens are introspected on every request, so a revoked grant is refused at once.
    setup = await startProtected({ accessTokenFormat: 'opaque' });
  });
  after(() => setup.close());

  it(req`leads to one new sign-in, never a crash or a loop (A-18)`, async () => {
    const browser = signInBrowser();
    const env = { MCP_ELICIT_AUTH_DIR: scratchAuthDir(), BROWSER: browser.command };
    const args = ['--open-urls', '--json', 'call', 'vault_code', '--url', setup.rs.url];
    assert.equal((await runCli(args, { env })).status, 0);
    assert.ok(setup.as.store.revokeAll() > 0, 'a grant was ended');
    const run = await runCli(args, { env });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(resultText(jsonReport(run)), VAULT_CODE);
    assert.equal(browser.opened().length, 2, 'exactly one new sign-in');
  });

  it('a person who cancels at the sign-in page ends the run with a clear error and nothing stored', async () => {
    const browser = signInBrowser('deny');
    const dir = scratchAuthDir();
    const run = await runCli(['--open-urls', 'call', 'vault_code', '--url', setup.rs.url], {
      env: { MCP_ELICIT_AUTH_DIR: dir, BROWSER: browser.command },
    });
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /sign-in|access_denied|denied|refused/i);
    assert.equal(browser.opened().length, 1, 'asked once, not again and again');
    assert.deepEqual(existsSync(dir) ? storedTokens(dir) : [], [], 'no token stored');
  });
});
