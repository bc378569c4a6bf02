// A real person's sign-in, once per era: the CLI hands the sign-in URL to BROWSER (a stand-in
// that only writes it down), and Chromium shows oidc-provider's pages, where the test types a
// login and password and approves; the redirect lands on the CLI's loopback listener.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TEST_PASSWORD } from '../fixtures/auth/authorization-server.js';
import { VAULT_CODE } from '../fixtures/auth/protected-server.js';
import { useChromiumPage } from '../helpers/chromium.js';
import { jsonReport, resultText, runCli } from '../helpers/cli.js';
import { req } from '../helpers/req.js';
import { until } from '../proxy/_host.js';
import { assertPrivateStore, scratchAuthDir, signInBrowser, startProtected } from './e2e-harness.js';

describe('signing in through the authorization server pages in Chromium', () => {
  const page = useChromiumPage();

  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    it(
      req(
        ['A-29', 'A-32'],
        `${era}: type the login, approve, and the redirect lands on the CLI's 127.0.0.1 listener`,
      ),
      async () => {
        const setup = await startProtected();
        try {
          const browser = signInBrowser('record');
          const authDir = scratchAuthDir();
          const running = runCli(
            ['--protocol', era, '--open-urls', '--json', 'call', 'vault_code', '--url', setup.rs.url],
            { env: { MCP_ELICIT_AUTH_DIR: authDir, BROWSER: browser.command }, timeoutMs: 90_000 },
          );
          await until(() => browser.opened().length > 0, 'the sign-in URL', 30_000);
          const p = page();
          await p.goto(browser.opened()[0] ?? '');
          await p.fill('input[name="login"]', 'ada');
          await p.fill('input[name="password"]', TEST_PASSWORD);
          await p.click('button[type="submit"]');
          await p.waitForSelector('input[name="prompt"][value="consent"]', { state: 'attached' });
          await p.click('button[type="submit"]');
          const run = await running;
          assert.equal(run.status, 0, run.stderr);
          assert.equal(resultText(jsonReport(run)), VAULT_CODE);
          assert.match(new URL(p.url()).origin, /^http:\/\/127\.0\.0\.1:\d+$/);
          assert.notEqual(new URL(p.url()).origin, setup.as.issuer, 'the page ended on the CLI listener');
          assert.match((await p.textContent('body')) ?? '', /close this (tab|page|window)/i);
          assertPrivateStore(authDir);
        } finally {
          await setup.close();
        }
      },
    );
  }
});
