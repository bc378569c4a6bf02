// `mcp-elicit proxy --url` in front of a protected server, with a host simulated by an SDK client
// over stdio: the proxy signs in on its own side (the host owns stdin/stdout), prints the sign-in
// link on stderr, and a restarted proxy reuses the stored tokens. No token reaches the host.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VAULT_CODE } from '../fixtures/auth/protected-server.js';
import { req } from '../helpers/req.js';
import { startHost, until } from '../proxy/_host.js';
import {
  assertNoSecrets,
  type ProtectedSetup,
  scratchAuthDir,
  signInBrowser,
  startProtected,
  storedTokens,
} from './e2e-harness.js';

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  describe(`the proxy signs in to a protected server (host speaks ${era})`, () => {
    let setup: ProtectedSetup;
    const authDir = scratchAuthDir();
    const browser = signInBrowser();
    const seen: Record<string, string> = {};
    const host = () =>
      startHost({
        era,
        proxyArgs: ['--ui', 'scripted', '--open-urls', '--url', setup.rs.url],
        env: { MCP_ELICIT_AUTH_DIR: authDir, BROWSER: browser.command },
      });
    before(async () => {
      setup = await startProtected();
    });
    after(() => setup.close());

    it(req`signs in once, prints the sign-in link on stderr, and the host gets the tool result (E-43)`, async () => {
      const h = await host();
      try {
        const result = await h.client.callTool({ name: 'vault_code', arguments: {} });
        assert.deepEqual(result.content, [{ type: 'text', text: VAULT_CODE }]);
        assert.equal(browser.opened().length, 1);
        // A host that pins 2026-07-28 has the SDK start the proxy twice (a probe, then the real one)
        // and shows only the second one's stderr; the probe is the one that signed in.
        if (era === '2025-11-25') {
          const link = `needs a sign-in; the sign-in page: ${setup.as.issuer}/auth?`;
          await until(() => h.stderr().includes(link), 'the sign-in link on stderr');
        }
        seen['first stderr'] = h.stderr();
        seen['first wire'] = JSON.stringify(h.wire);
      } finally {
        await h.close();
      }
    });

    it(req`a restarted proxy reuses the stored tokens: no sign-in, no request to the authorization server (E-43)`, async () => {
      const before = setup.as.clientRequests().length;
      const h = await host();
      try {
        const result = await h.client.callTool({ name: 'vault_code', arguments: {} });
        assert.deepEqual(result.content, [{ type: 'text', text: VAULT_CODE }]);
        assert.equal(browser.opened().length, 1);
        assert.deepEqual(setup.as.clientRequests().slice(before), []);
        seen['second stderr'] = h.stderr();
        seen['second wire'] = JSON.stringify(h.wire);
      } finally {
        await h.close();
      }
    });

    it(req`no token reaches the host or the proxy stderr (A-28)`, () => {
      assertNoSecrets(storedTokens(authDir), seen);
    });
  });
}
