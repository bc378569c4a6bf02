// The browser front-end in real Chromium (browser start excluded): time from an elicitation's
// arrival at the renderer to its page being ready to type into, and the memory the loopback
// server adds; against a bare node:http server serving the same page in the same run. Each server
// runs in its own child process (bench/browser-server.ts), so its memory is measured apart from
// the Playwright client driving Chromium from this process.
import { type ChildProcess, fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/helpers/chromium.js';
import type { FromServer, ToServer } from './browser-server.js';
import { median } from './stats.js';

export interface BrowserBench {
  /** First request: server start, browser tab opened on the token link, page ready (ms). */
  readonly coldMs: number;
  /** Next requests with the tab open: the page follows the state stream (ms). */
  readonly warmMs: number;
  /** The same page served by a bare node:http server and loaded in the same tab (ms). */
  readonly bareMs: number;
  /**
   * RSS and heap growth of the page server's own process from before it starts to after it has
   * served every page (still running, tab open), both after full collections (MiB).
   */
  readonly rssMiB: number;
  readonly heapMiB: number;
  /** The same growth measured after the first page only: the server's start-up share of it. */
  readonly firstRssMiB: number;
  readonly firstHeapMiB: number;
  /** The same for a bare node:http server serving the same page as many times. */
  readonly bareRssMiB: number;
  readonly bareHeapMiB: number;
  readonly rounds: number;
}

const MiB = 1024 * 1024;
const SERVER = join(dirname(fileURLToPath(import.meta.url)), 'browser-server.ts');

/** A page server child and a way to wait for its next message of a kind. */
class ServerChild {
  readonly #child: ChildProcess;
  readonly #inbox: FromServer[] = [];
  #wake: (() => void) | undefined;

  constructor(onOpen: (url: string) => void) {
    this.#child = fork(SERVER, [], { execArgv: ['--expose-gc', '--import', 'tsx'], stdio: 'inherit' });
    this.#child.on('message', (message: FromServer) => {
      if (message.type === 'open') onOpen(message.url);
      else this.#inbox.push(message);
      this.#wake?.();
    });
    this.#child.on('exit', () => this.#wake?.());
  }

  send(message: ToServer): void {
    this.#child.send(message);
  }

  async next<K extends FromServer['type']>(type: K): Promise<Extract<FromServer, { type: K }>> {
    for (;;) {
      const at = this.#inbox.findIndex((m) => m.type === type);
      if (at >= 0) return this.#inbox.splice(at, 1)[0] as Extract<FromServer, { type: K }>;
      if (this.#child.exitCode !== null) throw new Error(`page server exited before '${type}'`);
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }

  async memory(): Promise<{ rss: number; heapUsed: number }> {
    this.send({ type: 'measure' });
    return this.next('memory');
  }

  async stop(): Promise<void> {
    if (this.#child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.#child.once('exit', resolve));
    this.send({ type: 'stop' });
    await exited;
  }
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
  const children: ServerChild[] = [];
  try {
    const browserContext = await chrome.browser.newContext();
    await browserContext.addInitScript(READY_PROBE);
    const page = await browserContext.newPage();
    const server = new ServerChild((url) => {
      page.goto(url).catch(() => {}); // a failed open shows as the page never getting ready
    });
    children.push(server);
    const memBefore = await server.memory();
    const cold: number[] = [];
    const warm: number[] = [];
    let html = '';
    let memFirst = memBefore;
    for (let i = 0; i < rounds; i++) {
      server.send({ type: 'round' });
      const { at } = await server.next('started');
      const ms = await readyAfter(page, at);
      (i === 0 ? cold : warm).push(ms);
      html = await page.content();
      await page.evaluate(() => {
        delete (window as unknown as { __ready?: number }).__ready;
      });
      await page.click('button[value="cancel"]');
      await server.next('answered');
      // The tab settles on the page between requests, its state stream connected.
      await page.waitForSelector('h1:text("Nothing to answer")');
      await page.waitForTimeout(100);
      if (i === 0) memFirst = await server.memory();
    }
    const memAfter = await server.memory();
    await page.goto('about:blank');
    await server.stop();

    // Baseline: the same HTML from a bare server in its own process, navigated to in the same tab.
    const bare = new ServerChild(() => {});
    children.push(bare);
    const bareBefore = await bare.memory();
    bare.send({ type: 'bare', html });
    const { url } = await bare.next('listening');
    const bareTimes: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = Date.now();
      await page.goto(url, { waitUntil: 'commit' });
      bareTimes.push(await readyAfter(page, start));
    }
    const bareAfter = await bare.memory();
    await page.goto('about:blank');
    return {
      coldMs: cold[0] ?? Number.NaN,
      warmMs: median(warm),
      bareMs: median(bareTimes),
      rssMiB: (memAfter.rss - memBefore.rss) / MiB,
      heapMiB: (memAfter.heapUsed - memBefore.heapUsed) / MiB,
      firstRssMiB: (memFirst.rss - memBefore.rss) / MiB,
      firstHeapMiB: (memFirst.heapUsed - memBefore.heapUsed) / MiB,
      bareRssMiB: (bareAfter.rss - bareBefore.rss) / MiB,
      bareHeapMiB: (bareAfter.heapUsed - bareBefore.heapUsed) / MiB,
      rounds,
    };
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    await chrome.close();
  }
}
