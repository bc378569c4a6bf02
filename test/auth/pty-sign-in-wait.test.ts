// Issue 34 item 5 in a real pseudo-terminal (tmux): after "Open" the terminal says the sign-in is
// waiting for the browser and how to stop it, and the first Ctrl-C stops it: exit 130, no token
// stored, the listener closed.
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { root } from '../helpers/cli.js';
import { req } from '../helpers/req.js';
import { TmuxSession } from '../helpers/tmux.js';
import { until } from '../proxy/_host.js';
import {
  type ProtectedSetup,
  scratchAuthDir,
  signInBrowser,
  startProtected,
  storedTokens,
} from './e2e-harness.js';

describe('a sign-in waiting for the browser, in a real terminal', () => {
  let setup: ProtectedSetup;
  let session: TmuxSession | undefined;
  before(async () => {
    setup = await startProtected();
  });
  after(async () => {
    await session?.kill();
    await setup.close();
  });

  it(req`says what it waits for and how to stop; the first Ctrl-C stops it with exit 130 and nothing stored (A-28)`, async () => {
    const browser = signInBrowser('record');
    const authDir = scratchAuthDir();
    session = await TmuxSession.start({
      command: ['node', 'dist/cli/bin.js', '--ui', 'terminal', 'call', 'vault_code', '--url', setup.rs.url],
      cwd: root,
      columns: 100,
      rows: 30,
      env: { MCP_ELICIT_AUTH_DIR: authDir, BROWSER: browser.command },
    });
    await session.waitFor(/needs you to sign in/, { timeoutMs: 30_000 });
    await session.keys('Enter');
    await session.waitFor(/Waiting for the sign-in to finish in the browser; press Ctrl-C to stop/, {
      history: true,
      timeoutMs: 20_000,
    });
    await until(() => browser.opened().length === 1, 'the page handed to the browser', 10_000);
    await session.keys('C-c');
    const status = await session.exitCode(20_000);
    assert.equal(status, 130);
    assert.match(await session.capture({ history: true }), /interrupted \(Ctrl-C\)/);
    const tokens = existsSync(authDir) && readdirSync(authDir).length > 0 ? storedTokens(authDir) : [];
    assert.deepEqual(tokens, [], 'no token stored');
  });
});
