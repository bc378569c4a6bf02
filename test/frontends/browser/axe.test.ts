// Accessibility: axe-core (injected into the page) finds no violations on the form (with problems
// shown), review, URL consent, waiting and "keeps asking" pages, in real Chromium.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { analyzeUrl } from '../../../src/core/url-safety.js';
import { BrowserRenderer } from '../../../src/frontends/browser/index.js';
import { launchChromium, pageOpener, type TestChromium } from '../../helpers/chromium.js';
import { context, enginePrompt, profileSchema } from '../scripted/fixtures.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  readonly violations: { id: string; help: string; nodes: { target: string[] }[] }[];
}

async function axe(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP stays as strict as ever.
  await page.evaluate(axeSource);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: () => Promise<unknown> } }).axe.run(),
  )) as AxeResult;
  return result.violations.map(
    (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

describe('browser pages pass axe-core', () => {
  let chrome: TestChromium;
  let page: Page;
  let renderer: BrowserRenderer;
  before(async () => {
    chrome = await launchChromium();
    page = await chrome.browser.newPage();
    renderer = new BrowserRenderer({ opener: pageOpener(() => page) });
  });
  after(async () => {
    await renderer.close();
    await chrome.close();
  });

  it('the form with problems in place, and the review', async () => {
    const schema = {
      ...profileSchema,
      properties: {
        ...profileSchema.properties,
        agree: { type: 'boolean', title: 'Agree' },
        news: { type: 'boolean', title: 'News' },
        meet: { type: 'string', format: 'date-time', title: 'Meeting' },
        country: { type: 'string', title: 'Country', enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] },
        password: { type: 'string', title: 'Password' },
      },
      required: ['name', 'agree'],
    };
    const answer = renderer.form(enginePrompt(schema, 'Please answer'), context({ waiting: 2 }));
    await page.waitForSelector('form#form');
    assert.deepEqual(await axe(page), [], 'form');
    await page.fill('#f0', 'A');
    await page.click('button[value="review"]');
    await page.waitForSelector('#summary');
    assert.deepEqual(await axe(page), [], 'form with problems');
    await page.fill('#f0', 'Ada');
    await page.check('#f5');
    await page.check('#f3');
    await page.click('button[value="review"]');
    await page.waitForSelector('dl.review');
    assert.deepEqual(await axe(page), [], 'review');
    await page.click('button[value="submit"]');
    assert.equal((await answer).outcome.action, 'accept');
  });

  it('the URL consent page (the registrable domain of a many-label host marked) and the waiting page', async () => {
    const url = 'https://login.accounts.example.co.uk/oauth/authorize?client_id=abc&state=xyz';
    const consent = renderer.url(
      { kind: 'url', message: 'Sign in to Example', url, analysis: analyzeUrl(url) },
      context(),
    );
    await page.waitForSelector('a[data-consent]');
    // The public suffix is co.uk, so the site is example.co.uk: marked where it ends the host.
    assert.deepEqual(await page.locator('mark').allTextContents(), ['example.co.uk']);
    assert.equal(await page.textContent('dd:has(mark)'), 'login.accounts.example.co.uk');
    assert.equal(await page.textContent('.domain'), 'example.co.uk');
    assert.deepEqual(await axe(page), [], 'consent');
    await page.click('button[value="cancel"]');
    assert.equal((await consent).outcome.action, 'cancel');
    const waiting = renderer.waitForUrl(
      { server: { label: 'weather' }, url, message: 'Sign in to Example', reason: 'finish-in-browser' },
      new AbortController().signal,
    );
    await page.waitForSelector('button[value="done"]');
    assert.deepEqual(await axe(page), [], 'waiting');
    await page.click('button[value="done"]');
    assert.equal(await waiting, 'done');
  });

  it('the "this server keeps asking" page', async () => {
    const choice = renderer.overRate({ burst: 10, perMinute: 10 }, context({ waiting: 1 }));
    await page.waitForSelector('input[name="step"][value="over-rate"]', { state: 'attached' });
    assert.deepEqual(await axe(page), [], 'over-rate');
    await page.click('button[value="cancel"]');
    assert.equal(await choice, 'cancel');
  });
});
