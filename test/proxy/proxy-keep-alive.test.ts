// A person slower than the host's request timeout (issue 21): while the proxy's own front-end (the
// browser, in Chromium) waits, a 2025-11-25 host's request is kept alive by progress on its token
// and a 2026-07-28 host's by input_required rounds carrying the state alone, so the answer arrives
// in the end. A host that gives up anyway leaves the page saying so, and its retry of the same
// request finds what was typed filled in. Times are scaled down: a 1.5 s host timeout, a person
// who takes 3 s, `--keep-alive 0.3`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CallToolResult, Progress } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import type { Era } from '../../src/contracts/protocol.js';
import { testBrowser } from '../helpers/browser.js';
import { useChromiumPage } from '../helpers/chromium.js';
import { demoStdioCommand } from '../helpers/servers.js';
import { startHost, type TestHost, until } from './_host.js';
import { giveUpWhileTyping, reopen } from './_page.js';

const HOST_TIMEOUT_MS = 1_500;
const PERSON_MS = 3_000;

const text = (result: unknown) =>
  ((result as CallToolResult).content as { text?: string }[]).map((c) => c.text ?? '').join('\n');

async function slowHost(era: Era, keepAlive: string) {
  const browser = testBrowser('record');
  const demo = demoStdioCommand();
  const host = await startHost({
    era,
    maxRounds: 1_000,
    proxyArgs: ['--keep-alive', keepAlive, '--', demo.command, ...demo.args],
    env: { BROWSER: browser.command },
  });
  // The upstream server is up before the clock of the host's short timeout starts.
  await host.client.listTools();
  return { host, browser };
}

/** The profile form, opened in Chromium at the page the proxy asked the browser to show. */
async function openForm(page: Page, visited: () => string[], seen: number): Promise<void> {
  await until(() => visited().length > seen || (seen > 0 && visited().length > 0), 'the browser', 60_000);
  await page.goto(visited().at(-1) ?? '');
  await page.waitForSelector('#f0', { timeout: 60_000 });
}

async function answerSlowly(page: Page): Promise<void> {
  // A fixed wait on purpose: the test asserts the host does not time out while the person takes this long.
  await new Promise((resolve) => setTimeout(resolve, PERSON_MS));
  await page.fill('#f0', 'Slow Ada');
  await page.fill('#f1', 'slow@example.com');
  await page.click('button[value="review"]');
  await page.click('button[value="submit"]');
}

describe('proxy keep-alive: a person slower than the host (Chromium)', () => {
  const page = useChromiumPage();

  it('2025-11-25: progress on the host token keeps its 1.5 s request alive for a 3 s answer', async () => {
    const { host, browser } = await slowHost('2025-11-25', '0.3');
    const progress: Progress[] = [];
    try {
      const call = host.client.callTool(
        { name: 'profile', arguments: {} },
        {
          timeout: HOST_TIMEOUT_MS,
          resetTimeoutOnProgress: true,
          onprogress: (p) => progress.push(p),
        },
      );
      await openForm(page(), browser.visited, 0);
      await answerSlowly(page());
      const result = await call;
      assert.match(text(result), /action=accept/);
      assert.match(text(result), /Slow Ada/);
      assert.ok(progress.length >= 3, `kept alive by progress (${progress.length} notifications)`);
      const values = progress.map((p) => p.progress);
      assert.ok(
        values.every((v, i) => i === 0 || v > (values[i - 1] as number)),
        `progress increases: ${values.join(', ')}`,
      );
    } finally {
      await host.close();
    }
  });

  it('2026-07-28: input_required rounds with the state alone keep each 1.5 s request short', async () => {
    const { host, browser } = await slowHost('2026-07-28', '0.3');
    const rounds = () => host.wire.filter((m) => 'result' in m && isStateOnly(m.result)).length;
    try {
      const call = host.client.callTool({ name: 'profile', arguments: {} }, { timeout: HOST_TIMEOUT_MS });
      await openForm(page(), browser.visited, 0);
      await answerSlowly(page());
      const result = await call;
      assert.match(text(result), /action=accept/);
      assert.match(text(result), /Slow Ada/);
      assert.ok(rounds() >= 3, `rounds with the state alone (${rounds()})`);
    } finally {
      await host.close();
    }
  });

  it('a host that gives up: the page says so, and its retry finds the typed answers filled in', async () => {
    const { host, browser } = await slowHost('2025-11-25', 'off');
    try {
      await giveUpWhileTyping(
        page(),
        () => openForm(page(), browser.visited, 0),
        (signal) => host.client.callTool({ name: 'profile', arguments: {} }, { signal }),
        'Typed before the host left',
      );
      const seen = browser.visited().length;
      const retry = host.client.callTool({ name: 'profile', arguments: {} });
      await reopen(page(), browser.visited, seen);
      assert.equal(await page().inputValue('#f0'), 'Typed before the host left');
      await page().fill('#f1', 'ada@example.com');
      await page().click('button[value="review"]');
      await page().click('button[value="submit"]');
      assert.match(text(await retry), /Typed before the host left/);
    } finally {
      await host.close();
    }
  });
});

function isStateOnly(result: unknown): boolean {
  const r = result as { resultType?: string; inputRequests?: unknown; requestState?: unknown };
  return r.resultType === 'input_required' && r.inputRequests === undefined && r.requestState !== undefined;
}

export type { TestHost };
