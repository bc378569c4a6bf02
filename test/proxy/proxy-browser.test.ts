// The proxy's default front-end is the browser: a 2025 host without elicitation calls `profile`
// through the proxy, the form opens (BROWSER records the loopback page; Chromium plays the
// person's browser), and the answer reaches the demo server; a host that goes away leaves the page
// saying so.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { testBrowser } from '../helpers/browser.js';
import { useChromiumPage } from '../helpers/chromium.js';
import { demoStdioCommand } from '../helpers/servers.js';
import { alive, childrenOf, startHost, type TestHost, until } from './_host.js';

/** A host calling `profile` through the proxy, with the form open in Chromium. */
async function profileFormOpen(
  page: Page,
  signal?: AbortSignal,
  proxyOptions: readonly string[] = [],
): Promise<{ host: TestHost; call: Promise<unknown> }> {
  const browser = testBrowser('record');
  const demo = demoStdioCommand();
  const host = await startHost({
    proxyArgs: [...proxyOptions, '--', demo.command, ...demo.args],
    env: { BROWSER: browser.command },
  });
  const call = host.client
    .callTool({ name: 'profile', arguments: {} }, { ...(signal && { signal }) })
    .catch((error: Error) => error);
  await until(() => browser.visited().length > 0, 'the browser to be opened', 60_000);
  await page.goto(browser.visited()[0] ?? '');
  await page.waitForSelector('#f0', { timeout: 60_000 });
  return { host, call };
}

describe('proxy: elicitation answered in the browser (Chromium)', () => {
  const page = useChromiumPage();

  it('a host without elicitation gets the form answered in the browser by default', async () => {
    const { host, call } = await profileFormOpen(page());
    try {
      await page().fill('#f0', 'Browser Ada');
      await page().fill('#f1', 'browser@example.com');
      await page().click('button[value="review"]');
      await page().click('button[value="submit"]');
      const result = (await call) as CallToolResult;
      const text = (result.content as { text?: string }[]).map((c) => c.text ?? '').join('\n');
      assert.match(text, /action=accept/);
      assert.match(text, /Browser Ada/);
    } finally {
      await host.close();
    }
  });

  it('a server over --rate-limit gets the "keeps asking" page in the browser; Mute cancels it upstream', async () => {
    const { host, call } = await profileFormOpen(page(), undefined, ['--rate-limit', '1']);
    const text = (result: unknown) =>
      ((result as CallToolResult).content as { text?: string }[]).map((c) => c.text ?? '').join('\n');
    try {
      await page().click('button[value="decline"]');
      assert.match(text(await call), /action=decline/);
      const second = host.client.callTool({ name: 'profile', arguments: {} });
      await page().waitForSelector('input[name="step"][value="over-rate"]', {
        state: 'attached',
        timeout: 30_000,
      });
      await page().click('button[value="mute"]');
      assert.match(text(await second), /action=cancel/);
    } finally {
      await host.close();
    }
  });

  it('when the host goes away, the open page says the app that asked stopped waiting and the upstream server is stopped', async () => {
    const { host, call } = await profileFormOpen(page());
    const proxyPid = host.transport.pid ?? 0;
    await page().fill('#f0', 'typed before the host left');
    const upstream = childrenOf(proxyPid);
    assert.ok(upstream.length > 0, 'the proxy started the demo server');
    await host.close();
    await page().waitForFunction(() => document.body.textContent?.includes('stopped waiting'), undefined, {
      timeout: 10_000,
    });
    assert.ok((await call) instanceof Error, "the host's own call ended with its connection");
    await until(
      () => upstream.every((pid) => !alive(pid)) && !alive(proxyPid),
      'the proxy and the server to exit',
    );
  });

  it("the host's cancel of its call closes the form it caused: the page says the host stopped waiting", async () => {
    const abort = new AbortController();
    const { host, call } = await profileFormOpen(page(), abort.signal);
    try {
      abort.abort();
      assert.ok((await call) instanceof Error, 'the call was cancelled');
      await page().waitForFunction(() => document.body.textContent?.includes('stopped waiting'), undefined, {
        timeout: 10_000,
      });
      // The proxy and its upstream session carry on for the host's next request.
      const tools = await host.client.listTools();
      assert.ok(tools.tools.some((t) => t.name === 'profile'));
    } finally {
      await host.close();
    }
  });
});
