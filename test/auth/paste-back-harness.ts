// Shared by the paste-back tests: a person signing in at oidc-provider in Chromium, on this
// machine or "on another machine" whose browser cannot reach this machine's 127.0.0.1 listener.
import type { Page } from 'playwright-core';
import { TEST_PASSWORD } from '../fixtures/auth/authorization-server.js';
import { freePort } from '../fixtures/auth/protected-server.js';
import { launchChromium } from '../helpers/chromium.js';
import { until } from '../proxy/_host.js';

/**
 * The person on another machine: its Chromium reaches the authorization server, but this
 * machine's 127.0.0.1 listener is out of its reach (every other loopback address goes to a proxy
 * that is not there), so the redirect fails to load. Returns the address it ended on.
 */
export async function signInElsewhere(issuer: string, address: string): Promise<string> {
  const reachable = new URL(issuer).host;
  const elsewhere = await launchChromium([
    `--proxy-server=http://127.0.0.1:${await freePort()}`,
    `--proxy-bypass-list=<-loopback>;${reachable}`,
  ]);
  try {
    const page = await elsewhere.browser.newPage();
    let ended: string | undefined;
    page.on('requestfailed', (request) => {
      if (request.url().startsWith('http://127.0.0.1:') && !request.url().startsWith(issuer))
        ended = request.url();
    });
    await signInAt(page, address);
    await until(() => ended !== undefined, 'the redirect to 127.0.0.1 to fail', 20_000);
    return ended ?? '';
  } finally {
    await elsewhere.close();
  }
}

export async function signInAt(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await page.fill('input[name="login"]', 'ada');
  await page.fill('input[name="password"]', TEST_PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForSelector('input[name="prompt"][value="consent"]', { state: 'attached' });
  await page.click('button[type="submit"]');
}
