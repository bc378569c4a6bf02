// Issue 23 in Chromium: while requests wait, the tab's title counts them and its icon carries a
// dot; with notifications allowed (granted in the test's browser context) each new request raises
// one Notification in our words, closed when it is answered; with nothing waiting the title and the
// icon are plain again. The person is elsewhere: the page is told it has no focus (an init script,
// the only way to be "in another window" in headless Chromium), and the Notification constructor
// is wrapped to record each call and close before calling the browser's own.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { BrowserRenderer } from '../../../src/frontends/browser/index.js';
import {
  launchChromium,
  pageOpener,
  recordCspViolations,
  type TestChromium,
} from '../../helpers/chromium.js';
import { context, enginePrompt, profileSchema } from '../scripted/fixtures.js';

interface Event {
  readonly kind: 'notice' | 'close';
  readonly title?: string;
  readonly body?: string;
  readonly tag: string;
}

// Runs in every page before its own script: reports to the test through an exposed function, so
// the record survives the page's reloads. A string, not a function: the TypeScript loader would
// add helpers (`__name`) the page does not have.
const RECORD = `
  document.hasFocus = () => false;
  const Real = window.Notification;
  const report = (event) => window.mcpElicitRecord(event);
  function Recorded(title, options) {
    const made = new Real(title, options);
    report({ kind: 'notice', title, body: options?.body ?? '', tag: options?.tag ?? '' });
    const close = made.close.bind(made);
    made.close = () => {
      report({ kind: 'close', tag: made.tag });
      close();
    };
    return made;
  }
  Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
  Recorded.requestPermission = Real.requestPermission.bind(Real);
  Object.defineProperty(window, 'Notification', { value: Recorded });
`;

async function until(events: Event[], check: (e: Event[]) => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!check(events)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(events)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function icon(page: Page): Promise<string> {
  return page.evaluate(
    () => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href') ?? '',
  );
}

const notices = (events: Event[]) => events.filter((e) => e.kind === 'notice');

describe('browser form: the tab says when a request waits', () => {
  let chrome: TestChromium;
  let browserContext: BrowserContext;
  let violations: string[];
  const events: Event[] = [];
  before(async () => {
    chrome = await launchChromium();
    browserContext = await chrome.browser.newContext();
    await browserContext.grantPermissions(['notifications']);
    await browserContext.exposeFunction('mcpElicitRecord', (event: Event) => events.push(event));
    await browserContext.addInitScript({ content: RECORD });
    violations = await recordCspViolations(browserContext);
  });
  after(async () => {
    await browserContext.close();
    await chrome.close();
  });

  it('counts waiting requests in the title, marks the icon, notifies once per new request in our words, and clears when answered', async () => {
    const page = await browserContext.newPage();
    const renderer = new BrowserRenderer({ opener: pageOpener(() => page), log: () => {} });
    try {
      const first = renderer.form(
        enginePrompt(profileSchema, 'Hostile \u001b]0;pwned\u0007 message'),
        context(),
      );
      await page.waitForSelector('#f0');
      await until(events, (e) => notices(e).length === 1, 'the first notification');
      assert.deepEqual(
        notices(events).map(({ title, body }) => ({ title, body })),
        [{ title: 'mcp-elicit: input needed', body: 'Server "weather" asks you to fill in a form' }],
        "our words only: the server's message is not in it",
      );
      assert.equal(await page.title(), '(1) Form request from weather · mcp-elicit');
      assert.equal(await icon(page), '/icon-waiting.svg');

      const second = renderer.form(enginePrompt(profileSchema), context());
      await page.waitForFunction(() => document.title.startsWith('(2) '));
      assert.equal(notices(events).length, 1, 'a queued request is counted, not notified, until it is shown');

      const firstTag = notices(events)[0]?.tag ?? '';
      await page.click('button[value="decline"]');
      assert.equal((await first).outcome.action, 'decline');
      await until(events, (e) => notices(e).length === 2, 'the second request notified');
      assert.ok(
        events.some((e) => e.kind === 'close' && e.tag === firstTag),
        "the answered request's notification was closed",
      );
      assert.notEqual(notices(events)[1]?.tag, firstTag, 'one notification per request');
      await page.waitForSelector('#f0');
      assert.equal(await page.title(), '(1) Form request from weather · mcp-elicit');

      await page.click('button[value="decline"]');
      assert.equal((await second).outcome.action, 'decline');
      await page.waitForFunction(() => !/^\(\d+\) /.test(document.title));
      assert.equal(await icon(page), '/icon.svg');
      assert.equal(notices(events).length, 2, 'nothing waits: no further notification');
      assert.deepEqual(violations, []);
    } finally {
      await renderer.close();
      await page.close();
    }
  });

  it('offers the permission prompt only while the browser has not been asked', async () => {
    const fresh = await chrome.browser.newContext();
    const page = await fresh.newPage();
    const renderer = new BrowserRenderer({ opener: pageOpener(() => page), log: () => {} });
    try {
      const asked = renderer.form(enginePrompt(profileSchema), context());
      await page.waitForSelector('#f0');
      await page.waitForSelector('#notify-allow', { state: 'visible' });
      await page.click('button[value="cancel"]');
      await asked;
    } finally {
      await renderer.close();
      await fresh.close();
    }
  });
});
