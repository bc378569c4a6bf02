// Issue 34 item 4: `auth login` signs in whenever no usable token is stored, whatever an earlier
// run left in the caches (era, discovery). The reported sequence, from a fresh scratch home:
// login, logout, login again: the second login must sign in, not say "needs no sign-in".
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { req } from '../helpers/req.js';
import { type ProtectedSetup, signInBrowser, startProtected } from './e2e-harness.js';

describe('auth login after auth logout, in one home', () => {
  let setup: ProtectedSetup;
  before(async () => {
    setup = await startProtected();
  });
  after(() => setup.close());

  it(req`login, logout, login: each login signs in through the browser, the caches of earlier runs notwithstanding (A-01)`, async () => {
    const home = mkdtempSync(join(tmpdir(), 'mcp-elicit-home-'));
    const browser = signInBrowser();
    const env = {
      HOME: home,
      XDG_CACHE_HOME: join(home, '.cache'),
      XDG_STATE_HOME: join(home, '.local/state'),
      MCP_ELICIT_AUTH_DIR: join(home, '.local/state/mcp-elicit/auth'),
      BROWSER: browser.command,
    };
    const cacheDir = join(home, '.cache/mcp-elicit');
    const login = () => runCli(['--open-urls', 'auth', 'login', '--url', setup.rs.url], { env, cacheDir });
    const first = await login();
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /signed in, expires/);
    const logout = await runCli(['auth', 'logout', '--url', setup.rs.url], { env, cacheDir });
    assert.equal(logout.status, 0, logout.stderr);
    const second = await login();
    assert.equal(second.status, 0, second.stderr);
    assert.doesNotMatch(second.stdout, /needs no sign-in/);
    assert.match(second.stdout, /signed in, expires/);
    assert.equal(browser.opened().length, 2, 'the second login opened the sign-in page again');
  });
});
