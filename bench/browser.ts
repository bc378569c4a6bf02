// The browser front-end in real Chromium (browser start excluded): time from an elicitation's
// arrival at the renderer to its page being ready to type into, and the memory the loopback
// server adds; against a bare node:http server serving the same page in the same run.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Page } from 'playwright-core';
import { BrowserRenderer } from '../src/frontends/browser/index.js';
import { context, enginePrompt, profileSchema } from '../test/frontends/scripted/fixtures.js';
import { launchChromium, pageOpener } from '../test/helpers/chromium.js';
import { median } from './stats.js';

export interface BrowserBench {
  /** First request: server start, browser tab opened on the token link, page ready (ms). */
  readonly coldMs: number;
  /** Next requests with the tab open: the page follows the state stream (ms). */
  readonly warmMs: number;
  /** The same page served by a bare node:http server and loaded in the same tab (ms). */
  readonly bareMs: number;
  /**
   * RSS and heap growth of this process while the server runs and has served the pages (MiB); the
   * process also runs the Playwright client, whose share the bare baseline shows.
   */
  readonly rssMiB: number;
  readonly heapMiB: number;
  readonly bareRssMiB: number;
  readonly rounds: number;
}

const MiB = 1024 * 1024;

// Memory is compared after full collections, so earlier bench sections' garbage does not count.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
function settledMemory(): NodeJS.MemoryUsage {
  collect();
  collect();
  return process.memoryUsage();
}

// The page records when its first field exists and the document is parsed (the same clock as ours).
const READY_PROBE = () => {
  document.addEventListener('DOMContentLoaded', () => {
    if (document.getElementById('f0')) (window as unknown as { __ready: number }).__ready = Date.now();
  });
};

async function readyAfter(page: Page, start: number): Promise<number> {
  const handle = await page.waitForFunction(
    () => (window as unknown as { __ready?: number }).__ready,
    undefined,
    {
      polling: 20,
    },
  );
  return ((await handle.jsonValue()) as number) - start;
}

export async function measureBrowser(rounds: number): Promise<BrowserBench> {
  const chrome = await launchChromium();
  try {
    const browserContext = await chrome.browser.newContext();
    await browserContext.addInitScript(READY_PROBE);
    const page = await browserContext.newPage();
    const memBefore = settledMemory();
    const renderer = new BrowserRenderer({ opener: pageOpener(() => page), lingerMs: 60_000 });
    const cold: number[] = [];
    const warm: number[] = [];
    let html = '';
    for (let i = 0; i < rounds; i++) {
      const start = Date.now();
      const answer = renderer.form(enginePrompt(profileSchema), context());
      const ms = await readyAfter(page, start);
      (i === 0 ? cold : warm).push(ms);
      html = await page.content();
      await page.evaluate(() => {
        delete (window as unknown as { __ready?: number }).__ready;
      });
      await page.click('button[value="cancel"]');
      await answer;
      // The tab settles on the page between requests, its state stream connected.
      await page.waitForSelector('h1:text("Nothing to answer")');
      await page.waitForTimeout(100);
    }
    const memAfter = settledMemory();
    await page.waitForSelector('h1:text("Nothing to answer")');
    await renderer.close();
    await page.goto('about:blank');

    // Baseline: the same HTML from a bare server, navigated to in the same tab.
    const bareBefore = settledMemory().rss;
    const bare = createServer((req, res) => {
      res
        .writeHead(200, { 'content-type': req.url === '/' ? 'text/html' : 'text/plain' })
        .end(req.url === '/' ? html : '');
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
    const bareTimes: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = Date.now();
      await page.goto(url, { waitUntil: 'commit' });
      bareTimes.push(await readyAfter(page, start));
    }
    const bareRss = settledMemory().rss - bareBefore;
    bare.closeAllConnections();
    await new Promise((resolve) => bare.close(resolve));
    return {
      coldMs: cold[0] ?? Number.NaN,
      warmMs: median(warm),
      bareMs: median(bareTimes),
      rssMiB: (memAfter.rss - memBefore.rss) / MiB,
      heapMiB: (memAfter.heapUsed - memBefore.heapUsed) / MiB,
      bareRssMiB: bareRss / MiB,
      rounds,
    };
  } finally {
    await chrome.close();
  }
}
