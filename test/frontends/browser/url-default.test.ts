// URL consent on a deceptive URL in Chromium (issue 22): Decline is the primary, focused button,
// so a reflexive Enter declines; the link appears only after "Open anyway…", beside the question
// core's url-consent policy asks everywhere. An ordinary URL keeps Open as the primary button.
// Every address is loopback (no DNS, nothing off this machine), and the target is answered locally.
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { UrlAnswer } from '../../../src/contracts/renderer.js';
import { analyzeUrl } from '../../../src/core/url-safety.js';
import { BrowserRenderer } from '../../../src/frontends/browser/index.js';
import { launchChromium, pageOpener, type TestChromium } from '../../helpers/chromium.js';
import { context } from '../scripted/fixtures.js';

// User-info before the real host: deceptive (core's policy), yet loopback, so a click stays here.
const DECEPTIVE = 'http://accounts.example.com@127.0.0.1:9/login';

function ask(renderer: BrowserRenderer, url: string): Promise<UrlAnswer> {
  return renderer.url({ kind: 'url', message: 'Sign in', url, analysis: analyzeUrl(url) }, context());
}

describe('browser URL consent: the safe choice is the default', () => {
  let chrome: TestChromium;
  let browserContext: BrowserContext;
  let page: Page;
  let renderer: BrowserRenderer;
  before(async () => {
    chrome = await launchChromium();
  });
  // A front-end and a browser context per test: no tab or renderer process outlives a test into
  // the next (a tab closed in one test shared its process with the next test's page, and Chromium
  // crashed that page once under load).
  beforeEach(async () => {
    renderer = new BrowserRenderer({ opener: pageOpener(() => page), log: () => {} });
    browserContext = await chrome.browser.newContext();
    await browserContext.route(/^http:\/\/([^/@]*@)?(127\.0\.0\.1|localhost):9\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>stand-in target</p>' }),
    );
    page = await browserContext.newPage();
  });
  afterEach(async () => {
    await renderer.close();
    await browserContext.close();
  });
  after(async () => {
    await chrome.close();
  });

  it('a deceptive URL: Decline is primary and focused, no link yet, and a reflexive Enter declines', async () => {
    const answer = ask(renderer, DECEPTIVE);
    await page.waitForSelector('button[value="decline"].primary');
    await page.waitForLoadState('load');
    assert.equal(await page.locator('a[data-consent]').count(), 0, 'no link before the deliberate act');
    assert.equal(await page.locator('.primary').count(), 1);
    assert.equal(await page.textContent('button[value="open"]'), 'Open anyway…');
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLButtonElement).value), 'decline');
    await page.keyboard.press('Enter');
    assert.deepEqual((await answer).outcome, { action: 'decline' });
  });

  it('"Open anyway…" shows the question and the link (not primary); only its click opens', async () => {
    const answer = ask(renderer, DECEPTIVE);
    await page.click('button[value="open"]');
    await page.waitForSelector('a[data-consent]');
    const alert = (await page.textContent('[role="alert"]')) ?? '';
    assert.match(alert, /may not go where it seems \(userinfo\)\. Open it anyway\?/);
    assert.equal(await page.getAttribute('a[data-consent]', 'class'), 'button');
    assert.match((await page.textContent('a[data-consent]')) ?? '', /Open 127\.0\.0\.1 anyway/);
    assert.equal(await page.getAttribute('button[value="decline"]', 'class'), 'primary');
    const [target] = await Promise.all([browserContext.waitForEvent('page'), page.click('a[data-consent]')]);
    assert.deepEqual((await answer).outcome, { action: 'accept' });
    await target.waitForLoadState('load');
    assert.match((await target.textContent('p')) ?? '', /stand-in target/);
  });

  it('an ordinary URL keeps Open as the primary button', async () => {
    const answer = ask(renderer, 'http://localhost:9/login');
    await page.waitForSelector('a[data-consent].primary');
    assert.equal(await page.locator('button[value="decline"].primary').count(), 0);
    await page.click('button[value="decline"]');
    assert.deepEqual((await answer).outcome, { action: 'decline' });
  });
});
