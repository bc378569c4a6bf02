// Several host requests open at once through the proxy, on every host/server era pairing: each
// elicitation reaches the person (the host) and its answer reaches the call that asked, also when a
// slow call is open beside it; a server request that names no host request (a 2025 server over
// stdio) is never asked under a 2026 host's call that may not have asked it (H-31).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/client';
import { echoFormStdioCommand } from '../helpers/servers.js';
import { startHost, type TestHost } from './_host.js';

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
      // A 2026 host before a 2025 stdio server cannot be asked with calls open beside: tested below.
      if (hostEra === '2026-07-28' && upstream === 'legacy') continue;
      const pairing = `${hostEra === '2026-07-28' ? '2026' : '2025'} host, ${upstream === 'auto' ? '2026' : '2025'} server`;
      it(`every prompt is asked and answered into its own call (${pairing})`, async () => {
        const host = await startHost({
          era: hostEra,
          proxyArgs: ['--protocol', upstream, '--elicit', 'host', ...echoServer],
          elicitation: {
            modes: ['form'],
            // Prompts are shown one at a time (the prompt queue): each answer must reach its own
            // call while the other calls wait open upstream.
            answer: async (params) => {
              return { action: 'accept', content: { who: String(params.message) } };
            },
          },
        });
        try {
          const slowFirst = host.client.callTool({ name: 'slow', arguments: { ms: 1_500 } });
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
});

describe('proxy: a 2026 host, a question that names no call (H-31)', () => {
  const hostAnswers = {
    modes: ['form'] as const,
    answer: (params: Record<string, unknown>) => ({
      action: 'accept' as const,
      content: { who: `host: ${String(params.message)}` },
    }),
  };

  /** The ids of the host requests that were answered with an input_required round. */
  function roundIds(host: TestHost): unknown[] {
    return host.wire
      .filter((m) => 'result' in m && (m.result as { resultType?: string }).resultType === 'input_required')
      .map((m) => (m as { id: unknown }).id);
  }

  /** Every tools/call the host sent, by request id. */
  function recordCalls(host: TestHost): Map<unknown, string> {
    const calls = new Map<unknown, string>();
    const send = host.transport.send.bind(host.transport);
    host.transport.send = (message: JSONRPCMessage) => {
      if ('method' in message && 'id' in message && message.method === 'tools/call')
        calls.set(message.id, String((message.params as { name?: string }).name));
      return send(message);
    };
    return calls;
  }

  for (const upstream of ['legacy', 'auto'] as const) {
    const server = upstream === 'legacy' ? '2025 server over stdio' : '2026 server';
    it(`a question asked beside a slow call never comes in the slow call's round (${server})`, async () => {
      const host = await startHost({
        era: '2026-07-28',
        proxyArgs: ['--protocol', upstream, '--ui', 'scripted', '--set', 'who=proxy', ...echoServer],
        elicitation: hostAnswers,
      });
      const calls = recordCalls(host);
      try {
        // Written in this order on the proxy's stdin: the slow call is open before the question comes.
        const slow = host.client.callTool({ name: 'slow', arguments: { ms: 1_500 } });
        const asked = await host.client.callTool(ask('beside a slow call'));
        assert.equal(text(await slow), 'slept 1500');
        const carriers = roundIds(host).map((id) => calls.get(id));
        assert.ok(!carriers.includes('slow'), `the slow call got no round (rounds: ${carriers.join(', ')})`);
        if (upstream === 'legacy') {
          // Nothing says which call asked: the proxy's own front-end (here its scripted answers) asks.
          assert.deepEqual(JSON.parse(text(asked)), { action: 'accept', content: { who: 'proxy' } });
          assert.deepEqual(host.asked, [], 'the host was not asked under any call');
          assert.match(host.stderr(), /not asked in any of the host's calls: several host requests are open/);
        } else {
          // A 2026 server's round belongs to its call: asked in that call's own round.
          const content = { who: 'host: beside a slow call' };
          assert.deepEqual(JSON.parse(text(asked)), { action: 'accept', content });
          assert.deepEqual(carriers, ['ask']);
        }
      } finally {
        await host.close();
      }
    });
  }

  it('with one call open, a 2025 server over stdio can only be asking for it: asked in its round', async () => {
    const host = await startHost({
      era: '2026-07-28',
      proxyArgs: ['--protocol', 'legacy', '--ui', 'scripted', '--set', 'who=proxy', ...echoServer],
      elicitation: hostAnswers,
    });
    const calls = recordCalls(host);
    try {
      const asked = await host.client.callTool(ask('alone'));
      assert.deepEqual(JSON.parse(text(asked)), { action: 'accept', content: { who: 'host: alone' } });
      assert.deepEqual(
        roundIds(host).map((id) => calls.get(id)),
        ['ask'],
      );
    } finally {
      await host.close();
    }
  });

  it('--elicit host: a question no call can be tied to is cancelled as unattributable, not asked under another call', async () => {
    const host = await startHost({
      era: '2026-07-28',
      proxyArgs: ['--protocol', 'legacy', '--elicit', 'host', ...echoServer],
      elicitation: hostAnswers,
    });
    const calls = recordCalls(host);
    try {
      const slow = host.client.callTool({ name: 'slow', arguments: { ms: 1_500 } });
      const asked = await host.client.callTool(ask('beside a slow call'));
      assert.deepEqual(JSON.parse(text(asked)), { action: 'cancel' });
      assert.equal(text(await slow), 'slept 1500');
      assert.deepEqual(host.asked, []);
      assert.deepEqual(
        roundIds(host).map((id) => calls.get(id)),
        [],
      );
      assert.match(host.stderr(), /not asked in any of the host's calls/);
    } finally {
      await host.close();
    }
  });
});
