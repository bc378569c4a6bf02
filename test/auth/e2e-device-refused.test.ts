// Issue 34: declining or cancelling the offer to open the device page stops the device sign-in at
// once (exit 5, nothing stored), instead of polling on for a code nobody will enter. A regression
// test: the polling and the offer race, and a refusal ends the race (device-sign-in.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { req } from '../helpers/req.js';
import { type ProtectedSetup, scratchAuthDir, startProtected } from './e2e-harness.js';

describe('refusing the device page', () => {
  let setup: ProtectedSetup;
  before(async () => {
    setup = await startProtected({ deviceFlow: { interval: 1 } });
  });
  after(() => setup.close());

  for (const [answer, what] of [
    ['d', 'declining'],
    ['c', 'cancelling'],
  ] as const) {
    it(req`${what} the offer to open the device page stops the sign-in: exit 5, no token polled for or stored (A-49)`, async () => {
      const authDir = scratchAuthDir();
      const polls = () => setup.as.deviceRequests.filter((r) => r.path === '/token').length;
      const before = polls();
      const run = await runCli(
        ['--ui', 'plain', '--sign-in', 'device', 'call', 'vault_code', '--url', setup.rs.url],
        {
          env: { MCP_ELICIT_AUTH_DIR: authDir },
          input: `${answer}\n`,
          timeoutMs: 30_000,
        },
      );
      assert.equal(run.status, 5, run.stderr);
      assert.match(run.stdout + run.stderr, /enter the code/);
      assert.match(
        run.stderr,
        answer === 'd' ? /you declined to sign in/ : /the sign-in page was not opened/,
      );
      assert.equal(polls(), before, 'the token endpoint was never polled');
    });
  }
});
