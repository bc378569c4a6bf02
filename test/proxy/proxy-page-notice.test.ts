// Issue 35 item 7: while the proxy's own page waits for a person, the host is told where, as an
// MCP log message (`notifications/message`) naming the page's address, where its session allows
// logging; and `--notify desktop` raises a desktop notice for the page. Upstream: server-everything,
// which offers `logging`; the raw host declares no elicitation, so the proxy's page asks.
import assert from 'node:assert/strict';
import { delimiter } from 'node:path';
import { describe, it } from 'node:test';
import { standInNotifySend } from '../helpers/notify-send.js';
import { everythingStdioCommand } from '../helpers/servers.js';
import { scratchXdg, until } from './_host.js';
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
