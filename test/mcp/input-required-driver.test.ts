// The 2026-07-28 driver: a server that answers "come back later" (requestState only, no input
// requests) is given time with growing pauses, not polled every 250 ms until a round cap.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { inputRequired, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { ScriptedRenderer } from '../../src/frontends/scripted/index.js';
import { attachElicitation } from '../../src/mcp/attach.js';
import { driveInputRequired } from '../../src/mcp/input-required-driver.js';
import { req } from '../helpers/req.js';

/** A tool that is "still working" for `busyMs` after the first call, counting the polls. */
function slowServer(busyMs: number) {
  return () => {
    const server = new McpServer({ name: 'slow', version: '1' });
    server.registerTool('slow_job', { description: 'Finishes after a while' }, async (ctx) => {
      const state = ctx.mcpReq.requestState<string>();
      const started =
        state === undefined
          ? { at: Date.now(), polls: 0 }
          : (JSON.parse(state) as { at: number; polls: number });
      if (Date.now() - started.at < busyMs) {
        return inputRequired({ requestState: JSON.stringify({ at: started.at, polls: started.polls + 1 }) });
      }
      return { content: [{ type: 'text', text: `done after ${started.polls} polls` }] };
    });
    return server;
  };
}

async function connect(busyMs: number) {
  const client = new Client(
    { name: 'test', version: '1' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  const session = attachElicitation(client, {
    renderer: new ScriptedRenderer({ acceptDefaults: true }),
    server: 'slow',
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(slowServer(busyMs), { transport: serverSide });
  await client.connect(clientSide);
  return {
    client,
    session,
    close: async () => {
      await client.close();
      await handle.close();
    },
  };
}

describe('2026-07-28 requestState-only rounds', () => {
  it('waits out a server that needs 4 s, with few polls (the SDK driver would give up after about 2.5 s)', async () => {
    const { session, close } = await connect(4000);
    try {
      const started = Date.now();
      const result = await session.callTool({ name: 'slow_job', arguments: {} }, { timeoutMs: 20_000 });
      const text = (result.content as { text: string }[])[0]?.text ?? '';
      const polls = Number(/done after (\d+) polls/.exec(text)?.[1]);
      assert.ok(Date.now() - started >= 4000);
      assert.ok(polls >= 3 && polls <= 8, `polled ${polls} times in 4 s (backing off from 0.5 s)`);
    } finally {
      await close();
    }
  });

  it('still ends at the request timeout when the server never finishes', async () => {
    const { session, close } = await connect(60_000);
    try {
      await assert.rejects(
        session.callTool({ name: 'slow_job', arguments: {} }, { timeoutMs: 1500 }),
        /timed out after 1500 ms/,
      );
    } finally {
      await close();
    }
  });
});

describe('2026-07-28 malformed input requests', () => {
  it(req`reject the call locally with the same -32602 message a 2025 server would receive (S-08)`, async () => {
    const factory = () => {
      const server = new McpServer({ name: 'bad', version: '1' });
      server.registerTool('nested', { description: 'asks for a nested object' }, async () =>
        inputRequired({
          inputRequests: {
            address: {
              method: 'elicitation/create',
              params: {
                message: 'Where do you live?',
                requestedSchema: {
                  type: 'object',
                  properties: { address: { type: 'object', properties: {} } },
                },
              },
            } as never,
          },
        }),
      );
      return server;
    };
    const client = new Client(
      { name: 'test', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const session = attachElicitation(client, {
      renderer: new ScriptedRenderer({ acceptDefaults: true }),
      server: 'bad',
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const handle = serveStdio(factory, { transport: serverSide });
    await client.connect(clientSide);
    try {
      await assert.rejects(session.callTool({ name: 'nested', arguments: {} }), (error: unknown) => {
        const e = error as { code?: number; message?: string };
        assert.equal(e.code, -32602);
        assert.match(e.message ?? '', /property "address": nested objects are not allowed/);
        return true;
      });
      assert.equal(session.events[0]?.error?.code, -32602, 'the attempt is reported like any other');
    } finally {
      await client.close();
      await handle.close();
    }
  });
});

describe('the retry each round sends (MRTR client requirements)', () => {
  /** Runs the driver over scripted results, recording the retry params of every leg. */
  async function drive(results: unknown[]) {
    const legs: (Record<string, unknown> | undefined)[] = [];
    const final = await driveInputRequired(
      async (retry) => {
        legs.push(retry);
        return results.shift();
      },
      {},
      {
        maxInputRounds: 10,
        pacing: { initialMs: 1, maxMs: 1 },
        answer: async (_request, key) => ({ action: 'accept', content: { key } }),
      },
    );
    return { legs, final };
  }
  const ask = {
    method: 'elicitation/create',
    params: { message: 'm', requestedSchema: { type: 'object', properties: {} } },
  };
  const done = { resultType: 'complete', content: [] };

  it(req`answers every input request by its key and echoes requestState byte for byte (M-02, M-03)`, async () => {
    const state = 'v1.\u0000 opaque \u{1F600} "quoted" ';
    const { legs, final } = await drive([
      { resultType: 'input_required', inputRequests: { a: ask, b: ask }, requestState: state },
      done,
    ]);
    assert.deepEqual(legs, [
      undefined,
      {
        inputResponses: {
          a: { action: 'accept', content: { key: 'a' } },
          b: { action: 'accept', content: { key: 'b' } },
        },
        requestState: state,
      },
    ]);
    assert.equal(final, done);
  });

  it(req`sends no requestState on a retry when the server sent none (M-04)`, async () => {
    const { legs } = await drive([{ resultType: 'input_required', inputRequests: { a: ask } }, done]);
    assert.equal(legs.length, 2);
    assert.ok(legs[1] && !('requestState' in legs[1]), JSON.stringify(legs[1]));
  });
});
