// `mcp-elicit --ui browser --record FILE` (the built CLI, and its proxy): a form answered in
// Chromium is recorded, and the recording replays unattended to the same tool result.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { type TestBrowser, testBrowser } from '../../helpers/browser.js';
import { useChromiumPage } from '../../helpers/chromium.js';
import { jsonReport, resultText, root, runCli } from '../../helpers/cli.js';
import { until } from '../../helpers/within.js';
import { startHost } from '../../proxy/_host.js';

const demo = ['--', process.execPath, join(root, 'dist/demo/main.js')];

function recordFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'mcp-elicit-browser-record-')), 'profile.json');
}

/** Plays the person: opens the page BROWSER was given and submits the demo profile form. */
async function answerProfile(page: Page, browser: TestBrowser, name: string): Promise<void> {
  await until(() => browser.visited().length > 0, 'the page handed to BROWSER', 60_000);
  await page.goto(browser.visited()[0] ?? '');
  await page.waitForSelector('#f0', { timeout: 60_000 });
  await page.fill('#f0', name);
  await page.fill('#f1', 'ada@example.com');
  await page.click('button[value="review"]');
  await page.click('button[value="submit"]');
}

/** The recording replayed unattended: exit 0 and the tool result's text. */
async function replay(file: string): Promise<string> {
  const run = await runCli(['--json', '--answers', file, 'call', 'profile', ...demo]);
  assert.equal(run.status, 0, run.stderr);
  return resultText(jsonReport(run));
}

describe('mcp-elicit --ui browser --record', () => {
  const page = useChromiumPage();

  it('records the demo profile form answered in the browser, and the replay gets the same result', async () => {
    const file = recordFile();
    // BROWSER only records the loopback URL; Chromium (driven here) plays the person's browser.
    const browser = testBrowser('record');
    const run = runCli(['--json', '--ui', 'browser', '--record', file, 'call', 'profile', ...demo], {
      env: { BROWSER: browser.command },
      timeoutMs: 60_000,
    });
    await answerProfile(page(), browser, 'Ada Lovelace');
    const recorded = await run;
    assert.equal(recorded.status, 0, recorded.stderr);
    const [entry] = JSON.parse(readFileSync(file, 'utf8'));
    assert.deepEqual([entry.tool, entry.content.name], ['profile', 'Ada Lovelace']);
    assert.equal(await replay(file), resultText(jsonReport(recorded)));
  });

  it('records in the proxy too: what the person answers in the browser for a host replays with call --answers', async () => {
    const file = recordFile();
    const browser = testBrowser('record');
    const host = await startHost({
      proxyArgs: ['--record', file, ...demo],
      env: { BROWSER: browser.command },
    });
    let text: string;
    try {
      const call = host.client.callTool({ name: 'profile', arguments: {} });
      await answerProfile(page(), browser, 'Proxy Ada');
      const result = (await call) as CallToolResult;
      text = (result.content as { text?: string }[]).map((c) => c.text ?? '').join('\n');
    } finally {
      await host.close();
    }
    assert.match(text, /Proxy Ada/);
    const [entry] = JSON.parse(readFileSync(file, 'utf8'));
    assert.deepEqual([entry.action, entry.content.name], ['accept', 'Proxy Ada']);
    assert.equal(await replay(file), text);
  });
});
