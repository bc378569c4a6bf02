// A host that gives up (its timeout or cancel) on a call whose question the proxy's own page is
// showing, in front of server-everything, which never withdraws its form: the page ends at once and
// says so, nothing is sent as `accept` for the call the host gave up on, the audit entry is written
// then (reason host-gave-up), and the host's retry finds what was typed filled in (H-33).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { testBrowser } from '../helpers/browser.js';
import { useChromiumPage } from '../helpers/chromium.js';
import { everythingStdioCommand } from '../helpers/servers.js';
import { startHost, until } from './_host.js';
import { reopen } from './_page.js';

const text = (result: unknown) =>
  ((result as CallToolResult).content as { text?: string }[]).map((c) => c.text ?? '').join('\n');

function auditEntries(file: string): { action?: string; reason?: string }[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { action?: string; reason?: string });
}

/** The page the proxy asked the browser to show last, once its form is there. */
async function openForm(page: Page, visited: () => string[], seen: number): Promise<void> {
  await until(() => visited().length > seen, 'the browser to be asked to open the form', 60_000);
  await page.goto(visited().at(-1) ?? '');
  await page.waitForSelector('#f0', { timeout: 60_000 });
}

describe('proxy: a host that gives up while the person answers (server-everything, Chromium)', () => {
  const page = useChromiumPage();

  it('the page ends and says so, cancel (host-gave-up) is logged at once, and the retry is pre-filled', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proxy-give-up-'));
    const audit = join(dir, 'audit.jsonl');
    const browser = testBrowser('record');
    const everything = everythingStdioCommand();
    const host = await startHost({
      proxyArgs: ['--keep-alive', 'off', '--audit-log', audit, '--', everything.command, ...everything.args],
      env: { BROWSER: browser.command },
    });
    try {
      const giveUp = new AbortController();
      const first = host.client
        .callTool({ name: 'trigger-elicitation-request', arguments: {} }, { signal: giveUp.signal })
        .catch((error: Error) => error);
      await openForm(page(), browser.visited, 0);
      const checked = page().waitForResponse((r) => r.url().includes('/check'));
      await page().fill('#f0', 'Typed before the host left');
      await checked;
      giveUp.abort();
      assert.ok((await first) instanceof Error, 'the host gave up');
      await page().waitForFunction(() => document.body.textContent?.includes('stopped waiting'), undefined, {
        timeout: 30_000,
      });
      assert.match((await page().textContent('body')) ?? '', /What you typed is kept/);
      // Written when the host gave up, not when the proxy stops.
      await until(() => auditEntries(audit).length === 1, 'the audit entry of the give-up', 30_000);
      assert.deepEqual(
        auditEntries(audit).map((e) => [e.action, e.reason]),
        [['cancel', 'host-gave-up']],
      );

      const seen = browser.visited().length;
      const retry = host.client.callTool({ name: 'trigger-elicitation-request', arguments: {} });
      await reopen(page(), browser.visited, seen);
      assert.equal(await page().inputValue('#f0'), 'Typed before the host left');
      await page().click('button[value="review"]');
      await page().click('button[value="submit"]');
      assert.match(text(await retry), /Typed before the host left/);
      await until(() => auditEntries(audit).length === 2, 'the audit entry of the retry', 30_000);
      assert.deepEqual(
        auditEntries(audit).map((e) => e.action),
        ['cancel', 'accept'],
        'the only accept is the retry',
      );
    } finally {
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
