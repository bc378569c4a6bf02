// Four processes start at once with the same expired access token (issue 31 item 6) against an
// outside authorization server that rotates refresh tokens and treats a reused one as theft
// (oidc-provider): one refreshes under the store's lock, the others wait, read the store again and
// use its new tokens. Nobody is sent to a browser, and exactly one refresh request is made, before
// the first MCP request (item 7): no request goes out without a token first. The token is made
// expired by writing its record, not by waiting.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VAULT_CODE } from '../fixtures/auth/protected-server.js';
import { jsonReport, resultText, runCli } from '../helpers/cli.js';
import { expireStoredTokens } from '../helpers/expire-tokens.js';
import { req } from '../helpers/req.js';
import { type ProtectedSetup, scratchAuthDir, signInBrowser, startProtected } from './e2e-harness.js';

describe('an expired token and four processes at once', () => {
  let setup: ProtectedSetup;
  before(async () => {
    setup = await startProtected();
  });
  after(() => setup.close());

  it(req`one process refreshes under the lock, the others use its tokens; no browser, one refresh (A-45, A-46)`, async () => {
    const dir = scratchAuthDir();
    const browser = signInBrowser();
    const call = () =>
      runCli(['--open-urls', '--json', 'call', 'vault_code', '--url', setup.rs.url], {
        env: { MCP_ELICIT_AUTH_DIR: dir, BROWSER: browser.command },
      });
    const first = await call();
    assert.equal(first.status, 0, first.stderr);
    assert.equal(browser.opened().length, 1);
    assert.equal(expireStoredTokens(dir), 1, 'the stored token has expired');

    const from = setup.as.clientRequests().length;
    const refusedBefore = setup.rs.counts.refused;
    const runs = await Promise.all([call(), call(), call(), call()]);
    for (const run of runs) {
      assert.equal(run.status, 0, run.stderr);
      assert.equal(resultText(jsonReport(run)), VAULT_CODE);
    }
    assert.equal(browser.opened().length, 1, 'no one was sent to a browser');
    const requests = setup.as
      .clientRequests()
      .slice(from)
      .map((r) => `${r.method} ${r.path}`);
    assert.equal(
      requests.filter((r) => r === 'POST /token').length,
      1,
      `one refresh: ${requests.join(', ')}`,
    );
    assert.equal(setup.rs.counts.refused, refusedBefore, 'no request went out without a valid token');
  });
});
