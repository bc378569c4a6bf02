// One validation summary, listing every problem, on the first try in Chromium (issue 22): the
// browser's own constraint bubbles (type=email, type=url) must not stop the post before the
// page's summary, which the engine writes from every problem at once (as without JavaScript).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { launchChromium, type TestChromium } from '../../helpers/chromium.js';
import { type EchoRig, echoRig } from './harness.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    email: { type: 'string', title: 'Email', format: 'email' },
    site: { type: 'string', title: 'Web site', format: 'uri' },
  },
  required: ['name', 'email'],
};

describe('browser form: one summary of every problem', () => {
  let chrome: TestChromium;
  let page: Page;
  let rig: EchoRig;
  before(async () => {
    chrome = await launchChromium();
    page = await chrome.browser.newPage();
    rig = await echoRig('2025-11-25', () => page);
  });
  after(async () => {
    await rig.close();
    await chrome.close();
  });

  it('the first Review lists all three problems in the summary; no browser bubble stops the post', async () => {
    const answer = rig.ask(schema);
    await page.waitForSelector('form#form input[name="step"][value="edit"]', { state: 'attached' });
    await page.waitForLoadState('load');
    assert.equal(await page.getAttribute('form#form', 'novalidate'), '');
    await page.fill('#f0', 'A');
    await page.fill('#f1', 'not an address');
    await page.fill('#f2', 'also not a url');
    await page.click('button[value="review"]');
    await page.waitForSelector('#summary', { timeout: 5000 });
    const summary = (await page.textContent('#summary')) ?? '';
    assert.match(summary, /3 answers need your attention/);
    assert.equal(await page.locator('#summary li').count(), 3, summary);
    await page.click('button[value="decline"]');
    assert.equal((await answer).action, 'decline');
  });
});
