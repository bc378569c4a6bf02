// `mcp-elicit --ui browser --record FILE` (the built CLI, and its proxy): a form answered in
// Chromium is recorded, and the recording replays unattended to the same tool result.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { testBrowser } from '../../helpers/browser.js';
import { launchChromium, type TestChromium } from '../../helpers/chromium.js';
import { jsonReport, resultText, root, runCli } from '../../helpers/cli.js';
import { startHost } from '../../proxy/_host.js';

const demo = ['--', process.execPath, join(root, 'dist/demo/main.js')];

describe('mcp-elicit --ui browser --record', () => {
  let chrome: TestChromium;
  let page: Page;
  before(async () => {
    chrome = await launchChromium();
    page = await chrome.browser.newPage();
  });
  after(async () => {
    await chrome.close();
  });

  it('records the demo profile form answered in the browser, and the replay gets the same result', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcp-elicit-browser-record-')), 'profile.json');
    // BROWSER only records the loopback URL; Chromium (driven here) plays the person's browser.
    const browser = testBrowser('record');
    const run = runCli(['--json', '--ui', 'browser', '--record', file, 'call', 'profile', ...demo], {
      env: { BROWSER: browser.command },
      timeoutMs: 60_000,
    });
    while (browser.visited().length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    await page.goto(browser.visited()[0] ?? '');
    await page.fill('#f0', 'Ada Lovelace');
    await page.fill('#f1', 'ada@example.com');
    await page.click('button[value="review"]');
    await page.click('button[value="submit"]');
    const recorded = await run;
    assert.equal(recorded.status, 0, recorded.stderr);
    const [entry] = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(entry.tool, 'profile');
    assert.equal(entry.content.email, 'ada@example.com');
    const replayed = await runCli(['--json', '--answers', file, 'call', 'profile', ...demo]);
    assert.equal(replayed.status, 0, replayed.stderr);
    assert.equal(resultText(jsonReport(replayed)), resultText(jsonReport(recorded)));
  });

  it('records in the proxy too: what the person answers in the browser for a host replays with call --answers', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcp-elicit-proxy-record-')), 'profile.json');
    const browser = testBrowser('record');
    const host = await startHost({
      proxyArgs: ['--record', file, ...demo],
      env: { BROWSER: browser.command },
    });
    let text: string;
    try {
      const call = host.client.callTool({ name: 'profile', arguments: {} });
      while (browser.visited().length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      await page.goto(browser.visited()[0] ?? '');
      await page.waitForSelector('#f0', { timeout: 60_000 });
      await page.fill('#f0', 'Proxy Ada');
      await page.fill('#f1', 'proxy@example.com');
      await page.click('button[value="review"]');
      await page.click('button[value="submit"]');
      const result = (await call) as CallToolResult;
      text = (result.content as { text?: string }[]).map((c) => c.text ?? '').join('\n');
    } finally {
      await host.close();
    }
    assert.match(text, /Proxy Ada/);
    const [entry] = JSON.parse(readFileSync(file, 'utf8'));
    assert.deepEqual([entry.action, entry.content.name], ['accept', 'Proxy Ada']);
    const replayed = await runCli(['--json', '--answers', file, 'call', 'profile', ...demo]);
    assert.equal(replayed.status, 0, replayed.stderr);
    assert.equal(resultText(jsonReport(replayed)), text);
  });
});
