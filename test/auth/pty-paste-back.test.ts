// Paste-back in a real pseudo-terminal (tmux, the terminal front-end): the sign-in address is
// printed whole on the normal screen (so it copies in one piece), the person signs in in Chromium
// elsewhere, pastes the address the browser ended on; the paste is never drawn, a wrong one is
// refused and the right one signs in. Ctrl-C at the paste prompt stops the sign-in (exit 130).
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { VAULT_CODE } from '../fixtures/auth/protected-server.js';
import { root } from '../helpers/cli.js';
import { req } from '../helpers/req.js';
import { TmuxSession } from '../helpers/tmux.js';
import { within } from '../helpers/within.js';
import {
  assertPrivateStore,
  type ProtectedSetup,
  scratchAuthDir,
  startProtected,
  storedTokens,
} from './e2e-harness.js';
import { signInElsewhere } from './paste-back-harness.js';

describe('paste-back in a real terminal', () => {
  let setup: ProtectedSetup;
  let session: TmuxSession | undefined;
  before(async () => {
    setup = await startProtected();
  });
  after(async () => {
    await session?.kill();
    await setup.close();
  });

  async function start(authDir: string): Promise<{ session: TmuxSession; address: string }> {
    const run = await TmuxSession.start({
      command: [
        'node',
        'dist/cli/bin.js',
        '--ui',
        'terminal',
        '--no-browser',
        'call',
        'vault_code',
        '--url',
        setup.rs.url,
      ],
      cwd: root,
      columns: 100,
      rows: 40,
      env: { MCP_ELICIT_AUTH_DIR: authDir },
    });
    session = run;
    await run.waitFor(/in a browser on any machine/, { timeoutMs: 30_000 });
    await run.keys('Enter');
    const screen = await run.waitFor(/Address: \(paste the address/, { history: true, timeoutMs: 20_000 });
    const escaped = setup.as.issuer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const address = new RegExp(`^${escaped}/\\S+$`, 'm').exec(screen)?.[0] ?? '';
    assert.ok(address !== '', `the address is on a line of its own:\n${screen}`);
    return { session: run, address };
  }

  it(req`the address prints whole, a wrong paste is refused, the right one signs in, and nothing pasted is drawn (A-51, A-52)`, async () => {
    const authDir = scratchAuthDir();
    const { session: run, address } = await start(authDir);
    const ended = await within(60_000, 'the sign-in in Chromium', signInElsewhere(setup.as.issuer, address));
    const code = new URL(ended).searchParams.get('code') ?? '';
    const wrong = new URL(ended);
    wrong.searchParams.set('state', 'another-sign-in');
    await run.type(wrong.href);
    await run.waitFor(/\d+ characters pasted/, { timeoutMs: 10_000 });
    await run.keys('Enter');
    await run.waitFor(/Not accepted: .*its state does not match/, { history: true, timeoutMs: 10_000 });
    await run.type(ended);
    await run.keys('Enter');
    assert.equal(await run.exitCode(60_000), 0);
    const screen = await run.capture({ history: true });
    assert.ok(screen.includes(VAULT_CODE), screen);
    assert.ok(!screen.includes(code), 'the pasted code is never drawn');
    assertPrivateStore(authDir);
  });

  it(req`Ctrl-C at the paste prompt stops the sign-in: exit 130, nothing stored (A-52)`, async () => {
    const authDir = scratchAuthDir();
    const { session: run } = await start(authDir);
    await run.type('http://127.0.0.1:1/');
    await run.keys('C-c');
    assert.equal(await run.exitCode(20_000), 130);
    assert.match(await run.capture({ history: true }), /interrupted \(Ctrl-C\)/);
    const tokens = existsSync(authDir) && readdirSync(authDir).length > 0 ? storedTokens(authDir) : [];
    assert.deepEqual(tokens, [], 'no token stored');
  });
});
