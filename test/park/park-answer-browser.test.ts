// `answer <id> --ui browser` (P-12) with real Chromium: the parked form and the parked URL step are
// put on the browser front-end's page (opened through BROWSER), answered there, and the call goes on.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { testBrowser } from '../helpers/browser.js';
import { launchChromium, type TestChromium } from '../helpers/chromium.js';
import { jsonReport, resultText } from '../helpers/cli.js';
import { until } from '../helpers/within.js';
import { ParkPlace, parkOneForm, parkUrlStep } from './park-helpers.js';

describe('answer --ui browser in Chromium', () => {
  const place = new ParkPlace();
  let chrome: TestChromium;
  let context: BrowserContext;
  let page: Page;
  before(async () => {
    chrome = await launchChromium();
    context = await chrome.browser.newContext();
    page = await context.newPage();
  });
  after(async () => {
    place.stopAll();
    await chrome.close();
  });

  /** Starts `answer <id> --ui browser` and opens the page it handed to BROWSER. */
  const answerInBrowser = async (id: string) => {
    const browser = testBrowser('record');
    const run = place.run(['answer', id, '--ui', 'browser', '--json'], { BROWSER: browser.command });
    await until(() => browser.visited().length > 0, 'the page handed to BROWSER', 60_000);
    await page.goto(browser.visited()[0] ?? '');
    return run;
  };

  // P-12
  it('fills the parked form on the page and prints the result as call --json would', async () => {
    const run = answerInBrowser(await parkOneForm(place));
    await page.waitForSelector('#f0');
    assert.match((await page.textContent('main')) ?? '', /Question 1/);
    await page.fill('#f0', '7');
    await page.click('button[value="review"]');
    await page.click('button[value="submit"]');
    const done = await run;
    assert.equal(done.status, 0, done.stderr);
    assert.match(resultText(jsonReport(done)), /"action":"accept","content":\{"n1":7\}/);
  });

  // P-12 P-11
  it('shows the parked URL step: the person opens the page by its link, finishes there, says Done, and the call goes on', async () => {
    const question = await parkUrlStep(place, '2026-07-28');
    const run = answerInBrowser(question.id);
    await page.waitForSelector('a[data-consent]');
    assert.equal(await page.locator('a[data-consent]').getAttribute('href'), question.url);
    const [target] = await Promise.all([context.waitForEvent('page'), page.click('a[data-consent]')]);
    await target.waitForLoadState();
    await Promise.all([target.waitForSelector('text=Connected'), target.click('button')]);
    await target.close();
    await page.waitForSelector('button[value="done"]');
    await page.click('button[value="done"]');
    const done = await run;
    assert.equal(done.status, 0, done.stderr);
    assert.match(resultText(jsonReport(done)), /connected \(flow [^)]+\); url step: accept/);
  });
});
