// A tab following requests keeps our script and stylesheet (versioned by their content, kept by
// the browser), so the next request's page waits for no fetch of them; the last page of a run
// fetches them again, so the server stops only once that page has them (page-server.ts settle).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { BrowserRenderer } from '../../../src/frontends/browser/index.js';
import { pageOpener, useChromiumPage } from '../../helpers/chromium.js';
import { context, enginePrompt, profileSchema } from '../scripted/fixtures.js';

/** Every fetch of our assets that went to the server (Chromium's own record: a kept copy never does). */
async function recordAssetFetches(page: Page): Promise<string[]> {
  const fetched: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const kept = new Set<string>();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => kept.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const url = new URL(response.url);
    if (!/^\/app\.(js|css)$/.test(url.pathname) || response.fromDiskCache || kept.has(requestId)) return;
    fetched.push(url.search === '' ? url.pathname : `${url.pathname}?v`);
  });
  return fetched;
}

describe('browser assets are kept between requests', () => {
  const page = useChromiumPage();

  it('fetches the script and stylesheet once for three requests, then again for the finished page', async () => {
    const fetched = await recordAssetFetches(page());
    const renderer = new BrowserRenderer({ opener: pageOpener(page), log: () => {} });
    try {
      for (let i = 0; i < 3; i++) {
        const answered = renderer.form(enginePrompt(profileSchema), context());
        await page().waitForSelector('#f0');
        await page().waitForLoadState('load');
        await page().click('button[value="decline"]');
        assert.equal((await answered).outcome.action, 'decline');
      }
      assert.deepEqual(fetched.sort(), ['/app.css?v', '/app.js?v']);
      await page().waitForSelector('h1:text("Nothing to answer")');
      await renderer.close();
      await page().waitForSelector('h1:text("mcp-elicit has finished")');
      await page().waitForLoadState('load');
      assert.deepEqual(fetched.sort(), ['/app.css', '/app.css?v', '/app.js', '/app.js?v']);
      const rules = await page().evaluate(() =>
        Array.from(document.styleSheets, (sheet) => sheet.cssRules.length),
      );
      assert.ok((rules[0] ?? 0) > 0, 'the finished page has our stylesheet');
    } finally {
      await renderer.close();
    }
  });
});
