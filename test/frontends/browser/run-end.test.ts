// The end of a run and a closed tab, in Chromium with JavaScript on and off (issue 22): the last
// page says the run finished and the tab can be closed (not that it will show the next request);
// a closed tab is reopened from the launch page printed on stderr, in the same browser or another
// one, and the unanswered form is answered there.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { FormAnswer } from '../../../src/contracts/renderer.js';
import { BrowserRenderer } from '../../../src/frontends/browser/index.js';
import { launchChromium, pageOpener, type TestChromium } from '../../helpers/chromium.js';
import { context, enginePrompt, profileSchema } from '../scripted/fixtures.js';

async function answer(page: Page, name: string): Promise<void> {
  await page.waitForSelector('#f0');
  await page.fill('#f0', name);
  await page.click('button[value="review"]');
  await page.click('button[value="submit"]');
}

describe('browser form: the end of a run and a closed tab', () => {
  let chrome: TestChromium;
  before(async () => {
    chrome = await launchChromium();
  });
  after(async () => {
    await chrome.close();
  });

  for (const javaScriptEnabled of [true, false]) {
    it(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}: after the run ends the tab says it finished and can be closed`, async () => {
      const browserContext = await chrome.browser.newContext({ javaScriptEnabled });
      const page = await browserContext.newPage();
      const renderer = new BrowserRenderer({ opener: pageOpener(() => page), log: () => {} });
      try {
        const answered = renderer.form(enginePrompt(profileSchema), context());
        await page.waitForSelector('#f0');
        await page.click('button[value="decline"]');
        assert.equal((await answered).outcome.action, 'decline');
        await page.waitForSelector('h1:text("Nothing to answer")');
        await renderer.close();
        await page.waitForSelector('h1:text("mcp-elicit has finished")', { timeout: 5000 });
        const text = (await page.textContent('main')) ?? '';
        assert.match(text, /You declined the request/);
        assert.match(text, /You can close this tab/);
        assert.doesNotMatch(text, /next request/);
      } finally {
        await renderer.close();
        await browserContext.close();
      }
    });
  }

  it('JavaScript off: a closed tab is reopened from the launch page printed on stderr, in the same browser or another', async () => {
    const first = await chrome.browser.newContext({ javaScriptEnabled: false });
    const other = await chrome.browser.newContext({ javaScriptEnabled: false });
    const lines: string[] = [];
    let page = await first.newPage();
    const renderer = new BrowserRenderer({ opener: pageOpener(() => page), log: (line) => lines.push(line) });
    try {
      const answered = renderer.form(enginePrompt(profileSchema), context());
      await page.waitForSelector('#f0');
      await page.close();
      const printed = lines.join('\n');
      assert.match(printed, /Closed its tab\? Open this page to get it back/);
      assert.doesNotMatch(printed, /\?t=/, 'the token is not printed');
      const launch = /(file:\/\/\S+)/.exec(printed)?.[1] ?? '';
      // The same browser, then (its tab closed too) another one: the unanswered form each time.
      page = await first.newPage();
      await page.goto(launch);
      await page.waitForSelector('#f0');
      await page.close();
      page = await other.newPage();
      await page.goto(launch);
      await answer(page, 'Reopened Ada');
      const outcome = (await answered).outcome as FormAnswer['outcome'] & { content?: { name?: string } };
      assert.equal(outcome.action, 'accept');
      assert.equal(outcome.content?.name, 'Reopened Ada');
    } finally {
      await renderer.close();
      await first.close();
      await other.close();
    }
  });
});
