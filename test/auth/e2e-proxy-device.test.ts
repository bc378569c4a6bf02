// Issue 34 item 6: `proxy --url` signing in with a device code shows the code and where to enter it
// on the proxy's own browser page, where the person is looking, as well as on stderr (the host's
// log). The person reads the code there, approves it in Chromium, and the host connects.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VAULT_CODE } from '../fixtures/auth/protected-server.js';
import { launchChromium, type TestChromium } from '../helpers/chromium.js';
import { req } from '../helpers/req.js';
import { within } from '../helpers/within.js';
import { startHost, until } from '../proxy/_host.js';
import {
  approveAt,
  type ProtectedSetup,
  scratchAuthDir,
  signInBrowser,
  startProtected,
} from './e2e-harness.js';

describe('the proxy signing in with a device code', () => {
  let chrome: TestChromium;
  let setup: ProtectedSetup;
  before(async () => {
    chrome = await launchChromium();
    setup = await startProtected({ deviceFlow: { interval: 1 } });
  });
  after(async () => {
    await setup.close();
    await chrome.close();
  });

  it(req`shows the user code and the verification address on its browser page and on stderr (A-48)`, async () => {
    const browser = signInBrowser('record');
    const connecting = startHost({
      era: '2025-11-25',
      proxyArgs: ['--ui', 'browser', '--sign-in', 'device', '--url', setup.rs.url],
      env: { MCP_ELICIT_AUTH_DIR: scratchAuthDir(), BROWSER: browser.command },
    });
    connecting.catch(() => {});
    await until(() => browser.opened().length > 0, "the proxy's page opened", 30_000);
    const proxyPage = await chrome.browser.newPage();
    await proxyPage.goto(browser.opened()[0] ?? '');
    const body = async () => (await proxyPage.textContent('body')) ?? '';
    const codeOnPage = () => /shows the code (\S+?)\./.test(document.body.textContent ?? '');
    await within(20_000, 'the code on the page', proxyPage.waitForFunction(codeOnPage));
    const text = await body();
    const code = /shows the code (\S+?)\./.exec(text)?.[1] ?? '';
    const url = new RegExp(`${setup.as.issuer}/device\\?user_code=[^\\s"<]+`).exec(text)?.[0] ?? '';
    assert.ok(url !== '', `the verification address is on the page:\n${text}`);
    assert.equal(new URL(url).searchParams.get('user_code'), code, 'the address fills in the code shown');
    const elsewhere = await (await chrome.browser.newContext()).newPage();
    await within(60_000, 'the approval in Chromium', approveAt(elsewhere, url));
    const h = await within(60_000, 'the host to connect', connecting);
    try {
      assert.ok(h.stderr().includes(`enter the code ${code}`), h.stderr());
      const result = await h.client.callTool({ name: 'vault_code', arguments: {} });
      assert.deepEqual(result.content, [{ type: 'text', text: VAULT_CODE }]);
    } finally {
      await h.close();
    }
  });
});
