// `mcp-elicit demo --ui browser` (the built CLI): the tour's forms appear in the browser the CLI
// opened through BROWSER, one tab for the whole tour, and the answers reach the demo server.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { testBrowser } from '../../helpers/browser.js';
import { launchChromium, type TestChromium } from '../../helpers/chromium.js';
import { runCli } from '../../helpers/cli.js';
import { until } from '../../helpers/within.js';

describe('mcp-elicit demo --ui browser', () => {
  let chrome: TestChromium;
  let page: Page;
  before(async () => {
    chrome = await launchChromium();
    page = await chrome.browser.newPage();
  });
  after(async () => {
    await chrome.close();
  });

  it('runs the tour in the browser: the first form answered, the rest declined or cancelled there', async () => {
    // BROWSER only records the loopback URL; Chromium (driven here) plays the person's browser.
    const browser = testBrowser('record');
    const run = runCli(['--json', '--ui', 'browser', 'demo'], {
      env: { BROWSER: browser.command },
      timeoutMs: 120_000,
    });
    let finished = false;
    void run.finally(() => {
      finished = true;
    });
    await until(() => browser.visited().length > 0, 'the page handed to BROWSER', 60_000);
    const [url] = browser.visited();
    // The launch page only this account can read; the token is inside it, not on a command line.
    assert.match(url ?? '', /^file:\/\/\/.+\/open\.html$/);
    await page.goto(url ?? '');
    let seen = '';
    let forms = 0;
    while (!finished) {
      const entry = await page
        .waitForFunction(
          (last) => {
            const id = document.body?.dataset.entry ?? '';
            return id !== '' && id !== last && document.getElementById('form') ? id : false;
          },
          seen,
          { timeout: 1000 },
        )
        .then((handle) => handle.jsonValue() as Promise<string>)
        .catch(() => undefined);
      if (entry === undefined) continue;
      seen = entry;
      forms += 1;
      if (forms === 1) {
        await page.fill('#f0', 'Ada Lovelace');
        await page.fill('#f1', 'ada@example.com');
        await page.click('button[value="review"]');
        await page.click('button[value="submit"]');
      } else {
        await page.click(forms % 2 === 0 ? 'button[value="cancel"]' : 'button[value="decline"]');
      }
    }
    const result = await run;
    assert.equal(result.status, 0, result.stderr);
    assert.equal(browser.visited().length, 1, 'one tab served the whole tour');
    const report = JSON.parse(result.stdout) as { elicitations: { action: string; content?: unknown }[] };
    assert.equal(report.elicitations[0]?.action, 'accept');
    assert.equal(
      (report.elicitations[0]?.content as Record<string, unknown> | undefined)?.email,
      'ada@example.com',
    );
    assert.ok(report.elicitations.length >= 4, JSON.stringify(report.elicitations));
  });
});
