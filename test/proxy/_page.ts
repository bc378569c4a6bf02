// The proxy's browser page in Chromium, for the tests that drive it.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { until } from '../helpers/within.js';

/**
 * The host gives up by cancelling its call (an SDK host's timeout sends the same cancel) once what
 * the person typed in the page `open` shows has reached the proxy's live check; the page says so.
 */
export async function giveUpWhileTyping(
  page: Page,
  open: () => Promise<void>,
  call: (signal: AbortSignal) => Promise<unknown>,
  typed: string,
): Promise<void> {
  const giveUp = new AbortController();
  const first = call(giveUp.signal).catch((error: Error) => error);
  await open();
  const checked = page.waitForResponse((r) => r.url().includes('/check'));
  await page.fill('#f0', typed);
  await checked;
  giveUp.abort();
  assert.ok((await first) instanceof Error, 'the host gave up');
  const stopped = () => document.body.textContent?.includes('stopped waiting');
  await page.waitForFunction(stopped, undefined, { timeout: 30_000 });
  assert.match((await page.textContent('body')) ?? '', /What you typed is kept/);
}

/**
 * The retry's form: the same page, which moves itself on to the next request (app.js replaces its
 * location when the desk's entry changes), or a newly opened one. A reload of ours that meets the
 * page's own navigation is aborted by Chromium; the next round looks again.
 */
export async function reopen(page: Page, visited: () => string[], seen: number): Promise<void> {
  const opened = async () => {
    try {
      if (visited().length > seen) await page.goto(visited().at(-1) ?? '');
      else if ((await page.locator('#f0').count()) === 0) await page.reload();
      return (await page.locator('#f0').count()) > 0;
    } catch (error) {
      if (navigationRace(error)) return false;
      throw error;
    }
  };
  await until(opened, 'the retry form', 30_000, 300);
}

/** Chromium's words when a navigation of ours met one the page started itself. */
function navigationRace(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /ERR_ABORTED|frame was detached|Execution context was destroyed|interrupted by another navigation|Not attached to an active page/.test(
    message,
  );
}
