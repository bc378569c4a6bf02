// Several host requests open at once through the proxy, on every host/server era pairing: each
// elicitation reaches the person (the host) and its answer reaches the call that asked, also when a
// slow call is open beside it and when the server's request names no host request (2025 over stdio).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/client';
import { echoFormStdioCommand } from '../helpers/servers.js';
import { startHost } from './_host.js';

const echo = echoFormStdioCommand();
const echoServer = ['--', echo.command, ...echo.args];
const SCHEMA = { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] };

function text(result: unknown): string {
  return ((result as CallToolResult).content as { text?: string }[]).map((c) => c.text ?? '').join('\n');
}

const ask = (message: string) => ({ name: 'ask', arguments: { schema: SCHEMA, message } });

describe('proxy: concurrent eliciting and slow calls', () => {
  for (const hostEra of ['2025-11-25', '2026-07-28'] as const) {
    for (const upstream of ['legacy', 'auto'] as const) {
      const pairing = `${hostEra === '2026-07-28' ? '2026' : '2025'} host, ${upstream === 'auto' ? '2026' : '2025'} server`;
      it(`every prompt is asked and answered into its own call (${pairing})`, async () => {
        const host = await startHost({
          era: hostEra,
          proxyArgs: ['--protocol', upstream, '--elicit', 'host', ...echoServer],
          elicitation: {
            modes: ['form'],
            answer: async (params) => {
              // Answer out of order: the later prompt first.
              if (params.message === 'first') await new Promise((r) => setTimeout(r, 300));
              return { action: 'accept', content: { who: String(params.message) } };
            },
          },
        });
        try {
          const slowFirst = host.client.callTool({ name: 'slow', arguments: { ms: 1_500 } });
          await new Promise((r) => setTimeout(r, 100));
          const calls = ['first', 'second', 'third'].map((m) => host.client.callTool(ask(m)));
          const slowLast = host.client.callTool({ name: 'slow', arguments: { ms: 800 } });
          const [first, second, third] = await Promise.all(calls);
          for (const [result, who] of [
            [first, 'first'],
            [second, 'second'],
            [third, 'third'],
          ] as const) {
            assert.deepEqual(JSON.parse(text(result)), { action: 'accept', content: { who } }, who);
          }
          assert.equal(text(await slowFirst), 'slept 1500');
          assert.equal(text(await slowLast), 'slept 800');
          assert.deepEqual(host.asked.map((p) => p.message).sort(), ['first', 'second', 'third']);
          assert.doesNotMatch(host.stderr(), /cannot tell|could not answer/);
        } finally {
          await host.close();
        }
      });
    }
  }

  it('2026 host, 2025 server over stdio (nothing ties the prompt): it is asked in the longest-open waiting call and answers its own', async () => {
    const host = await startHost({
      era: '2026-07-28',
      proxyArgs: ['--protocol', 'legacy', '--elicit', 'host', ...echoServer],
      elicitation: { modes: ['form'], answer: () => ({ action: 'accept', content: { who: 'untied' } }) },
    });
    const sent: JSONRPCMessage[] = [];
    const send = host.transport.send.bind(host.transport);
    host.transport.send = (message: JSONRPCMessage) => {
      sent.push(message);
      return send(message);
    };
    try {
      const slow = host.client.callTool({ name: 'slow', arguments: { ms: 1_000 } });
      await new Promise((r) => setTimeout(r, 100));
      const asked = await host.client.callTool(ask('untied'));
      assert.deepEqual(JSON.parse(text(asked)), { action: 'accept', content: { who: 'untied' } });
      assert.equal(text(await slow), 'slept 1000');
      const round = host.wire.find(
        (m) => 'result' in m && (m.result as { resultType?: string }).resultType === 'input_required',
      ) as { id: unknown } | undefined;
      assert.ok(round, 'the prompt came as an input_required round');
      const carrier = sent.find((m) => 'id' in m && m.id === round.id && 'method' in m) as
        | { params?: { name?: string } }
        | undefined;
      assert.equal(carrier?.params?.name, 'slow', 'the slow call, open longest, carried the round');
    } finally {
      await host.close();
    }
  });
});
