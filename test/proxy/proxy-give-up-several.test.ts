// A host that gives up on one call while others are open (H-41). A 2025 server over stdio does not
// say which call asked: a question on the proxy's page that the given-up call may have asked ends at
// once as cancel (host-gave-up), never answered for that call, even when another open call may have
// asked it instead (server-everything, which never withdraws its form). A 2026 server's question
// belongs to its own call: giving up on another call leaves it open, and the person's answer
// reaches the call that asked (Chromium).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { testBrowser } from '../helpers/browser.js';
import { useChromiumPage } from '../helpers/chromium.js';
import { echoFormStdioCommand, everythingStdioCommand } from '../helpers/servers.js';
import { within } from '../helpers/within.js';
import { startHost, type TestHost, until } from './_host.js';

const text = (result: unknown) =>
  ((result as CallToolResult).content as { text?: string }[]).map((c) => c.text ?? '').join('\n');

function auditEntries(file: string): [string | undefined, string | undefined][] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { action?: string; reason?: string })
    .map((e) => [e.action, e.reason]);
}

interface Open {
  readonly host: TestHost;
  readonly audit: string;
  readonly visited: () => string[];
  readonly close: () => Promise<void>;
}

async function openProxy(
  server: readonly string[],
  era: '2025-11-25' | '2026-07-28' = '2025-11-25',
): Promise<Open> {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-give-up-several-'));
  const audit = join(dir, 'audit.jsonl');
  const browser = testBrowser('record');
  const host = await startHost({
    era,
    proxyArgs: ['--elicit', 'self', '--keep-alive', 'off', '--audit-log', audit, ...server],
    env: { BROWSER: browser.command },
  });
  const close = async () => {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { host, audit, visited: browser.visited, close };
}

/** A call the host can give up on: its promise settles with the result or the host's error. */
function call(host: TestHost, name: string, args: Record<string, unknown>) {
  const giveUp = new AbortController();
  const done = host.client
    .callTool({ name, arguments: args }, { signal: giveUp.signal })
    .catch((error: Error) => error);
  return { giveUp: () => giveUp.abort(), done };
}

const everything = everythingStdioCommand();
const everythingServer = ['--', everything.command, ...everything.args];
const LONG = { duration: 60, steps: 60 };

describe('proxy: the host gives up on one of several open calls (server-everything, 2025 server; H-41)', () => {
  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    it(`a ${era} host: the call that asked is given up: its page ends at once (cancel, host-gave-up)`, async () => {
      const proxy = await openProxy(everythingServer, era);
      try {
        const slow = call(proxy.host, 'trigger-long-running-operation', LONG);
        const asking = call(proxy.host, 'trigger-elicitation-request', {});
        await until(() => proxy.visited().length > 0, 'the page to be opened', 30_000);
        asking.giveUp();
        assert.ok((await asking.done) instanceof Error);
        await until(() => auditEntries(proxy.audit).length > 0, 'the audit entry of the give-up', 30_000);
        assert.deepEqual(auditEntries(proxy.audit), [['cancel', 'host-gave-up']]);
        slow.giveUp();
      } finally {
        await proxy.close();
      }
    });
  }

  it('another call is given up: the question it may have asked ends too, never answered for it (cancel, host-gave-up)', async () => {
    const proxy = await openProxy(everythingServer);
    try {
      const slow = call(proxy.host, 'trigger-long-running-operation', LONG);
      const asking = call(proxy.host, 'trigger-elicitation-request', {});
      await until(() => proxy.visited().length > 0, 'the page to be opened', 30_000);
      slow.giveUp();
      // server-everything reports the cancel it got as the tool's result.
      assert.match(text(await within(30_000, 'the asking call', asking.done)), /cancel/i);
      await until(() => auditEntries(proxy.audit).length > 0, 'the audit entry', 30_000);
      assert.deepEqual(auditEntries(proxy.audit), [['cancel', 'host-gave-up']]);
    } finally {
      await proxy.close();
    }
  });
});

describe('proxy: the host gives up on one of several open calls (2026 server, Chromium; H-41)', () => {
  const page = useChromiumPage();
  const echo = echoFormStdioCommand();
  const SCHEMA = { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] };

  it("a 2026 server's question is its own call's: giving up on another call leaves it open, and the answer reaches it", async () => {
    const proxy = await openProxy(['--protocol', 'auto', '--', echo.command, ...echo.args]);
    try {
      const slow = call(proxy.host, 'slow', { ms: 60_000 });
      const asking = call(proxy.host, 'ask', { schema: SCHEMA, message: 'Who?' });
      await until(() => proxy.visited().length > 0, 'the page to be opened', 30_000);
      slow.giveUp();
      assert.ok((await slow.done) instanceof Error);
      // Answered after the proxy has read the cancel (it reads its stdin in order).
      await proxy.host.client.ping();
      await page().goto(proxy.visited().at(-1) ?? '');
      await page().fill('#f0', 'the person');
      await page().click('button[value="review"]');
      await page().click('button[value="submit"]');
      const result = await within(30_000, 'the asking call', asking.done);
      assert.deepEqual(JSON.parse(text(result)), { action: 'accept', content: { who: 'the person' } });
      await until(() => auditEntries(proxy.audit).length > 0, 'the audit entry', 30_000);
      assert.deepEqual(auditEntries(proxy.audit), [['accept', undefined]]);
    } finally {
      await proxy.close();
    }
  });
});
