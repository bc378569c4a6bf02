// Live traffic through the proxy reaches the host: progress (under the host's own token), log
// messages, list changes, resource updates, and a host's cancel reaches the upstream server.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Notification } from '@modelcontextprotocol/client';
import { everythingStdioCommand, liveStdioCommand } from '../helpers/servers.js';
import { startHost, type TestHost, until } from './_host.js';

function collect(host: TestHost): Notification[] {
  const seen: Notification[] = [];
  host.client.fallbackNotificationHandler = async (n) => {
    seen.push(n);
  };
  for (const method of [
    'notifications/message',
    'notifications/resources/updated',
    'notifications/tools/list_changed',
  ] as const) {
    host.client.setNotificationHandler(method, (n) => {
      seen.push(n);
    });
  }
  return seen;
}

describe('proxy: live traffic against server-everything', () => {
  let host: TestHost;
  let seen: Notification[];
  before(async () => {
    const everything = everythingStdioCommand();
    host = await startHost({ proxyArgs: ['--ui', 'scripted', '--', everything.command, ...everything.args] });
    seen = collect(host);
  });
  after(async () => {
    await host.close();
  });

  it('progress arrives under the host token, with the upstream values, before the result', async () => {
    const from = host.wire.length;
    const result = await host.client.callTool(
      { name: 'trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 } },
      { onprogress: () => {} },
    );
    assert.match(JSON.stringify(result), /Long running operation completed/);
    // The wire order, not what the host's SDK dispatched: the SDK handles a progress notification a
    // microtask late, so one read in the same chunk as the result is dropped by any SDK client.
    const call = host.wire.slice(from);
    const answer = call.findIndex((m) => 'result' in m);
    const progress = call
      .map((m, i) => ({ m, i }))
      .filter(({ m }) => 'method' in m && m.method === 'notifications/progress');
    assert.deepEqual(
      progress.map(({ m }) => ('params' in m ? m.params?.progress : undefined)),
      [1, 2, 3],
    );
    assert.ok(
      progress.every(({ i }) => i < answer),
      'every progress notification precedes the result',
    );
    const tokens = new Set(progress.map(({ m }) => ('params' in m ? m.params?.progressToken : undefined)));
    assert.equal(tokens.size, 1, 'all under the one token the host gave');
  });

  it('log messages and resource updates reach the host', async () => {
    await host.client.setLoggingLevel('debug');
    await host.client.callTool({ name: 'toggle-simulated-logging', arguments: {} });
    await until(() => seen.some((n) => n.method === 'notifications/message'), 'a log message');
    const uri = 'demo://resource/dynamic/text/1';
    await host.client.subscribeResource({ uri });
    await host.client.callTool({ name: 'toggle-subscriber-updates', arguments: {} });
    await until(
      () => seen.some((n) => n.method === 'notifications/resources/updated' && n.params?.uri === uri),
      'resources/updated',
    );
    await host.client.unsubscribeResource({ uri });
  });
});

describe('proxy: list changes, logging and cancellation (live fixture)', () => {
  let host: TestHost;
  let seen: Notification[];
  before(async () => {
    const live = liveStdioCommand();
    host = await startHost({ proxyArgs: ['--ui', 'scripted', '--', live.command, ...live.args] });
    seen = collect(host);
  });
  after(async () => {
    await host.close();
  });

  it('tools/list_changed arrives and the new tool is listed and callable', async () => {
    await host.client.callTool({ name: 'add-tool', arguments: {} });
    await until(() => seen.some((n) => n.method === 'notifications/tools/list_changed'), 'list_changed');
    const { tools } = await host.client.listTools();
    assert.ok(tools.some((t) => t.name === 'added'));
    assert.match(JSON.stringify(await host.client.callTool({ name: 'added', arguments: {} })), /added/);
  });

  it('a log message sent during a call arrives with its level and logger', async () => {
    await host.client.callTool({ name: 'log', arguments: {} });
    await until(() => seen.some((n) => n.method === 'notifications/message'), 'the log message');
    const message = seen.find((n) => n.method === 'notifications/message');
    assert.deepEqual(message?.params, { level: 'info', logger: 'live-fixture', data: 'hello from upstream' });
  });

  it("the host's cancel reaches the upstream server", async () => {
    const abort = new AbortController();
    const call = host.client.callTool({ name: 'wait', arguments: {} }, { signal: abort.signal });
    await until(() => host.stderr().includes('wait: started'), 'the upstream server to run the call', 30_000);
    abort.abort();
    await assert.rejects(call);
    let answer = '';
    for (let i = 0; i < 40 && answer !== 'true'; i++) {
      const r = await host.client.callTool({ name: 'was-cancelled', arguments: {} });
      answer = (r.content as { text: string }[])[0]?.text ?? '';
      if (answer !== 'true') await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(answer, 'true');
  });
});
