// The proxy's browser page in Chromium, for the tests that drive it.
import type { Page } from 'playwright-core';

/** The retry's form: the same page (it moves on to the next request) or a newly opened one. */
export async function reopen(page: Page, visited: () => string[], seen: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (visited().length > seen) await page.goto(visited().at(-1) ?? '');
    else await page.reload();
    if (await page.locator('#f0').count()) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the retry form did not open');
}
