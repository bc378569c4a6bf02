// Debian's chromium driven by playwright-core (Playwright's own browser downloads are unreachable
// here): one headless instance per test file, a fresh profile, and a HOME inside a temp folder so
// nothing is written to the real one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import type { OpenResult, UrlOpener } from '../../src/contracts/url-step.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface TestChromium {
  readonly browser: Browser;
  close(): Promise<void>;
}

/** `extraArgs`: more Chromium switches (a test's proxy rules, for a browser "on another machine"). */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<TestChromium> {
  const home = mkdtempSync(join(tmpdir(), 'chromium-home-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // A container's small /dev/shm crashes renderers under load ("Page crashed"); use /tmp instead.
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: home },
  });
  reportCrashes(browser);
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

// A renderer crash is Chromium's, not ours (its own log says nothing of it), and a test that meets
// one fails with only "Page crashed": say which page it hit, so the CI log shows where.
function reportCrashes(browser: Browser): void {
  const watch = (context: BrowserContext): void => {
    const onPage = (page: Page): void => {
      page.on('crash', () => console.error(`chromium: renderer crashed at ${page.url()}`));
    };
    context.pages().forEach(onPage);
    context.on('page', onPage);
  };
  // Browser.newPage goes through newContext too, so every page is watched.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watch(context);
    return context;
  };
}

/**
 * An opener that shows our loopback page in `page` (as the system browser would in a tab) and
 * records every URL it was given.
 */
export function pageOpener(page: () => Page): UrlOpener & { readonly opened: string[] } {
  const opened: string[] = [];
  return {
    opened,
    async open(url: string): Promise<OpenResult> {
      opened.push(url);
      await page().goto(url);
      return { ok: true };
    },
  };
}

/** One Chromium and one page for the tests of the enclosing describe, started and closed by hooks. */
export function useChromiumPage(): () => Page {
  let chrome: TestChromium | undefined;
  let page: Page | undefined;
  before(async () => {
    chrome = await launchChromium();
    page = await chrome.browser.newPage();
  });
  after(async () => {
    await chrome?.close();
  });
  return () => {
    if (page === undefined)
      throw new Error('Chromium has not started (call useChromiumPage inside describe)');
    return page;
  };
}

/**
 * Records every Content-Security-Policy violation on any page of `context`, tabs opened later
 * included (there must be none): each page reports them on its console.
 */
export async function recordCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy|CSP violation|Trusted Type/i.test(message.text()))
      violations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
  return violations;
}
