// Hostile server text in real Chromium (issue 8, H-07): markup, script URLs, bidi overrides and
// look-alike letters in every place a server's words reach the form, review and URL consent pages
// render as inert literal text: no element, no dialog, no script error, no CSP violation.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { analyzeUrl } from '../../../src/core/url-safety.js';
import { BrowserRenderer } from '../../../src/frontends/browser/index.js';
import {
  launchChromium,
  pageOpener,
  recordCspViolations,
  type TestChromium,
} from '../../helpers/chromium.js';
import { context } from '../scripted/fixtures.js';
import { type EchoRig, echoRig } from './harness.js';

const SCRIPT = '<script>alert("script")</script>';
const IMG = '<img src=x onerror=alert("img")>';
const LINK = '<a href="javascript:alert(\'link\')">click me</a>';
const SVG = '<svg onload=alert("svg")>';
const BIDI = 'invoice\u202Efdp.exe\u202C \u2066isolated\u2069';
const LOOKALIKE = 'Рaypal аpple'; // Cyrillic Р and а
const ALL = [SCRIPT, IMG, LINK, SVG, BIDI, LOOKALIKE];
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F]/;

const schema = {
  type: 'object',
  properties: {
    note: { type: 'string', title: `Note ${SCRIPT}`, description: `Why ${IMG} ${BIDI}`, default: IMG },
    pick: {
      type: 'string',
      title: `Pick ${LINK}`,
      description: SVG,
      oneOf: [
        { const: 'a', title: `A ${SVG}` },
        { const: 'b', title: `B ${LOOKALIKE}` },
      ],
    },
    many: {
      type: 'array',
      title: `Many ${SVG}`,
      items: {
        anyOf: [
          { const: 'x', title: `X ${IMG}` },
          { const: 'y', title: `Y ${BIDI}` },
        ],
      },
    },
    list: {
      type: 'string',
      title: LOOKALIKE,
      oneOf: ['1', '2', '3', '4', '5', '6', '7'].map((n) => ({ const: n, title: `${n} ${SCRIPT}` })),
    },
    ok: { type: 'boolean', title: `OK ${IMG}`, description: LINK },
  },
};

interface Watch {
  readonly problems: string[];
}

/** Records every dialog, script error and console error (CSP violations included) on `page`. */
async function watch(page: Page): Promise<Watch> {
  const problems = await recordCspViolations(page.context());
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return { problems };
}

/** The page holds no element that server text could have made, and shows the text as written. */
async function assertInert(page: Page, expected: readonly string[]): Promise<void> {
  const made = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll(
        'img, svg, iframe, object, embed, a[href^="javascript" i], [onerror], [onload], [onclick], script:not([src^="/app.js"])',
      ),
      (el) => el.outerHTML,
    ),
  );
  assert.deepEqual(made, [], 'no element from server text');
  assert.equal(await page.evaluate(() => document.querySelectorAll('script').length), 1, 'only our script');
  const text = (await page.textContent('main')) ?? '';
  for (const piece of expected) {
    assert.ok(
      text.includes(piece.replace(new RegExp(BIDI_CONTROLS.source, 'g'), '')),
      `shown literally: ${piece}`,
    );
  }
  assert.doesNotMatch(text, BIDI_CONTROLS, 'bidi controls are removed');
}

describe('hostile server text stays text in real Chromium', () => {
  /**
   * Leaves our page for about:blank. After a submit the page itself moves on (post/redirect/get,
   * then its script's reload), and a goto racing that is "interrupted by another navigation"
   * (seen in CI under load): wait for the page to settle and go again.
   */
  async function leave(page: Page): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await page.goto('about:blank');
        return;
      } catch (error) {
        if (attempt >= 5 || !/interrupted by another navigation/.test(String(error))) throw error;
        await page.waitForLoadState('load').catch(() => {});
      }
    }
  }

  let chrome: TestChromium;
  let page: Page;
  let seen: Watch;
  before(async () => {
    chrome = await launchChromium();
    page = await chrome.browser.newPage();
    seen = await watch(page);
  });
  after(async () => {
    await chrome.close();
  });

  it('a form whose message, labels, descriptions, option titles and default carry markup is inert on the form and review pages', async () => {
    const rig: EchoRig = await echoRig('2025-11-25', () => page, { label: `srv ${IMG}` });
    try {
      const answer = rig.ask(schema, { message: ALL.join('\n') });
      await page.waitForSelector('form#form input[name="step"][value="edit"]', { state: 'attached' });
      await assertInert(page, [...ALL, `Note ${SCRIPT}`, `Pick ${LINK}`, `B ${LOOKALIKE}`, `X ${IMG}`]);
      assert.equal(await page.inputValue('#f0'), IMG, 'a hostile default is a plain value');
      assert.equal(await page.locator('select#f3 option', { hasText: SCRIPT }).count(), 7);
      assert.match((await page.title()) ?? '', /<img src=x onerror=alert\("img"\)>/, 'the tab title too');
      assert.equal(await page.evaluate(() => (window as { pwned?: unknown }).pwned), undefined);
      await page.click('button[value="review"]');
      await page.waitForSelector('dl.review');
      await assertInert(page, [IMG, `Note ${SCRIPT}`, `Pick ${LINK}`]);
      // Checked on the review page: after submit the page navigates, and an evaluate racing that
      // loses its context (seen in CI under load).
      assert.equal(await page.evaluate(() => (window as { pwned?: unknown }).pwned), undefined);
      await page.click('button[value="submit"]');
      assert.deepEqual(await answer, { action: 'accept', content: { note: IMG } }); // ok untouched: left out
      assert.deepEqual(seen.problems, []);
    } finally {
      await leave(page); // before the front-end stops, so its event stream ends cleanly
      await rig.close();
    }
  });

  it('a URL consent page with a hostile message, server names and a look-alike host is inert and flags the host', async () => {
    const renderer = new BrowserRenderer({ opener: pageOpener(() => page) });
    try {
      const url = 'https://аccounts.example.com/login?next=%3Cscript%3E';
      const answer = renderer.url(
        { kind: 'url', message: ALL.join('\n'), url, analysis: analyzeUrl(url) },
        context({
          server: { label: `acct ${SVG}`, selfName: `Self ${SCRIPT}`, selfVersion: LINK },
          request: { method: 'tools/call', name: `tool ${IMG}` },
        }),
      );
      // A look-alike host is deceptive: the link is shown only after "Open anyway…" (issue 22).
      await page.click('button[value="open"]');
      await page.waitForSelector('a[data-consent]');
      await assertInert(page, [...ALL, `Self ${SCRIPT}`, `tool ${IMG}`]);
      const main = (await page.textContent('main')) ?? '';
      assert.match(main, /xn--ccounts-/, 'the wire form of the look-alike host is shown');
      assert.ok((await page.locator('.warnings li').count()) > 0, 'the look-alike host is warned about');
      assert.match((await page.getAttribute('a[data-consent]', 'href')) ?? '', /^https:\/\/xn--/);
      await page.click('button[value="decline"]');
      assert.equal((await answer).outcome.action, 'decline');
      assert.deepEqual(seen.problems, []);
    } finally {
      await leave(page);
      await renderer.close();
    }
  });
});
