// Issue 35 item 7: while the proxy's own page waits for a person, the host is told where, as an
// MCP log message (`notifications/message`) naming the page's address, where its session allows
// logging; and `--notify desktop` raises a desktop notice for the page. Upstream: server-everything,
// which offers `logging`; the raw host declares no elicitation, so the proxy's page asks.
import assert from 'node:assert/strict';
import { delimiter } from 'node:path';
import { describe, it } from 'node:test';
import { testBrowser } from '../helpers/browser.js';
import { standInNotifySend } from '../helpers/notify-send.js';
import { everythingStdioCommand } from '../helpers/servers.js';
import { scratchXdg, startHost, until } from './_host.js';
import { type RawHost, startRawHost } from './_raw-host.js';

type Message = Record<string, unknown>;
const everything = everythingStdioCommand();
const ours = (m: Message) =>
  m.method === 'notifications/message' && (m.params as { logger?: string }).logger === 'mcp-elicit';
/** The launch page's address, as the proxy printed it on stderr. */
const printedAddress = (host: RawHost) => /(file:\/\/\S+)/.exec(host.stderr())?.[1];

function start(env: Record<string, string> = {}): RawHost {
  const args = ['--notify', 'desktop', '--', everything.command, ...everything.args];
  return startRawHost(args, { BROWSER: 'true', ...scratchXdg(), ...env });
}

function callEliciting(host: RawHost): void {
  host.write({
    jsonrpc: '2.0',
    id: 'call',
    method: 'tools/call',
    params: { name: 'trigger-elicitation-request', arguments: {} },
  });
}

describe("proxy: the host is told where the proxy's page waits (H-40)", () => {
  it('sends the host a notice-level log message naming the page address, and --notify desktop fires', async () => {
    const notifySend = standInNotifySend();
    const host = start({ PATH: `${notifySend.dir}${delimiter}${process.env.PATH ?? ''}` });
    try {
      await host.initialize();
      callEliciting(host);
      const notice = await host.next(ours, "the proxy's log message");
      const params = notice.params as { level: string; data: string };
      assert.equal(params.level, 'notice');
      assert.match(params.data, /a person must answer on mcp-elicit's page: file:\/\//);
      await until(() => printedAddress(host) !== undefined, 'the page address on stderr');
      assert.ok(params.data.endsWith(printedAddress(host) ?? '?'), `${params.data}\n${host.stderr()}`);
      await until(() => notifySend.calls().length > 0, 'a desktop notice');
      assert.equal(host.received.filter(ours).length, 1, 'one notice for the one question');
    } finally {
      await host.close();
    }
  });

  it('sends nothing when the host set a log level above notice (logging/setLevel warning)', async () => {
    const host = start();
    try {
      await host.initialize();
      host.write({ jsonrpc: '2.0', id: 'level', method: 'logging/setLevel', params: { level: 'warning' } });
      await host.next((m) => m.id === 'level', 'the setLevel result');
      callEliciting(host);
      await until(() => printedAddress(host) !== undefined, 'the page address on stderr');
      // The notice would be written before the page's stderr line; a ping answered after it proves none came.
      host.write({ jsonrpc: '2.0', id: 'ping', method: 'ping' });
      await host.next((m) => m.id === 'ping', 'the ping result');
      assert.deepEqual(host.received.filter(ours), []);
    } finally {
      await host.close();
    }
  });
});

describe("proxy: a 2026-07-28 host is told where the proxy's page waits, on its open request (H-43)", () => {
  const LOG_LEVEL = 'io.modelcontextprotocol/logLevel';

  /** A 2026 host without elicitation calls the eliciting tool, its request's `_meta` as given. */
  async function callFrom2026Host(meta: Record<string, unknown>) {
    const browser = testBrowser('record');
    const host = await startHost({
      era: '2026-07-28',
      proxyArgs: ['--keep-alive', 'off', '--', everything.command, ...everything.args],
      env: { BROWSER: browser.command },
    });
    const call = host.client
      .callTool({ name: 'trigger-elicitation-request', arguments: {}, _meta: meta })
      .catch((error: Error) => error);
    await until(() => browser.visited().length > 0, 'the page to be opened', 30_000);
    const notices = () => host.wire.filter((m) => ours(m as unknown as Message));
    return { host, call, notices };
  }

  it('a request whose _meta log level allows notice gets one notice naming the page', async () => {
    const { host, notices } = await callFrom2026Host({ [LOG_LEVEL]: 'info' });
    try {
      await until(() => notices().length > 0, "the proxy's log message", 30_000);
      const params = (notices()[0] as unknown as { params: { level: string; data: string } }).params;
      assert.equal(params.level, 'notice');
      assert.match(params.data, /a person must answer on mcp-elicit's page: file:\/\//);
      await until(() => /file:\/\//.test(host.stderr()), 'the page address on stderr', 30_000);
      const address = /(file:\/\/\S+)/.exec(host.stderr())?.[1];
      assert.ok(address && params.data.endsWith(address), `${params.data}\n${host.stderr()}`);
      assert.equal(notices().length, 1, 'one notice for the one question');
    } finally {
      await host.close();
    }
  });

  it('a request that asked for no logs (or for warning and above) gets none', async () => {
    for (const meta of [{}, { [LOG_LEVEL]: 'warning' }]) {
      const { host, notices } = await callFrom2026Host(meta);
      try {
        // The notice would be written before the browser is asked to open the page; a request
        // answered after it proves none came (a 2026 session has no ping).
        await host.client.listTools();
        assert.deepEqual(notices(), [], JSON.stringify(meta));
      } finally {
        await host.close();
      }
    }
  });
});
