// Exact wire behaviour of the adapter, tested against a raw JSON-RPC peer on the other end of the
// SDK's in-memory transport (no sockets, no processes): what the server receives, byte for byte.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client, InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import type { FormAnswer, Renderer } from '../../src/contracts/renderer.js';
import { ScriptedRenderer } from '../../src/frontends/scripted/index.js';
import { attachElicitation } from '../../src/mcp/attach.js';

/** A 2025-11-25 server played by hand: answers initialize, then lets the test send requests. */
async function rawLegacyPeer(renderer: Renderer, modes: ('form' | 'url')[] = ['form']) {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  const inbox: JSONRPCMessage[] = [];
  const waiters: (() => void)[] = [];
  serverEnd.onmessage = (message) => {
    const m = message as { method?: string; id?: number };
    if (m.method === 'initialize') {
      void serverEnd.send({
        jsonrpc: '2.0',
        id: m.id as number,
        result: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          serverInfo: { name: 'raw', version: '0' },
        },
      });
      return;
    }
    inbox.push(message);
    for (const w of waiters.splice(0)) w();
  };
  await serverEnd.start();
  const client = new Client({ name: 'test', version: '1' });
  const session = attachElicitation(client, { renderer, server: 'raw', modes });
  await client.connect(clientEnd);
  const responseTo = async (id: number): Promise<Record<string, unknown>> => {
    for (;;) {
      const found = inbox.find((m) => (m as { id?: unknown }).id === id && !('method' in m));
      if (found) return found as Record<string, unknown>;
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  const ask = (id: number, params: unknown) =>
    serverEnd.send({ jsonrpc: '2.0', id, method: 'elicitation/create', params } as JSONRPCMessage);
  return { client, session, serverEnd, inbox, ask, responseTo };
}

const schema = {
  type: 'object',
  properties: { name: { type: 'string', default: 'Ada' }, age: { type: 'integer', minimum: 0 } },
};

describe('wire results (2025-11-25 era, raw peer)', () => {
  it('treats a request without mode as form and sends the defaults in content (C-08, C-09)', async () => {
    const peer = await rawLegacyPeer(new ScriptedRenderer({ acceptDefaults: true }));
    await peer.ask(1, { message: 'Who?', requestedSchema: schema });
    const response = await peer.responseTo(1);
    assert.deepEqual(response.result, { action: 'accept', content: { name: 'Ada' } });
    await peer.client.close();
  });

  it('sends decline and cancel without content (edge case 20)', async () => {
    for (const [flags, action] of [
      [{ decline: true }, 'decline'],
      [{ cancel: true }, 'cancel'],
    ] as const) {
      const peer = await rawLegacyPeer(new ScriptedRenderer(flags));
      await peer.ask(1, { mode: 'form', message: 'Who?', requestedSchema: schema });
      assert.deepEqual((await peer.responseTo(1)).result, { action });
      await peer.client.close();
    }
  });

  it('echoes the related-task metadata of a task-bound elicitation (§2.9b, edge case 22)', async () => {
    const peer = await rawLegacyPeer(new ScriptedRenderer({ acceptDefaults: true }));
    await peer.ask(7, {
      message: 'For the task',
      requestedSchema: schema,
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't-42' } },
    });
    const result = (await peer.responseTo(7)).result as Record<string, unknown>;
    assert.deepEqual(result._meta, { 'io.modelcontextprotocol/related-task': { taskId: 't-42' } });
    assert.equal(result.action, 'accept');
    await peer.client.close();
  });

  it('fails closed: a front-end answer that breaks the schema is sent as cancel, never accept (C-31)', async () => {
    const sloppy: Renderer = {
      name: 'sloppy',
      interactive: true,
      async form(): Promise<FormAnswer> {
        return { outcome: { action: 'accept', content: { name: 'Ada', age: -3, extra: 'x' } } };
      },
    };
    const peer = await rawLegacyPeer(sloppy);
    await peer.ask(1, { message: 'Who?', requestedSchema: schema });
    assert.deepEqual((await peer.responseTo(1)).result, { action: 'cancel' });
    assert.equal(peer.session.events[0]?.reason, 'invalid-answer');
    await peer.client.close();
  });

  it('answers a url-mode request with -32602 when only form was declared (C-17, edge case 2)', async () => {
    const peer = await rawLegacyPeer(new ScriptedRenderer({ acceptDefaults: true }));
    await peer.ask(3, { mode: 'url', message: 'Go', url: 'https://example.com', elicitationId: 'e1' });
    const error = (await peer.responseTo(3)).error as { code: number; message: string };
    assert.equal(error.code, -32602);
    assert.match(error.message, /url-mode/);
    // And the client is still serving requests afterwards.
    await peer.ask(4, { message: 'Still there?', requestedSchema: { type: 'object', properties: {} } });
    assert.deepEqual((await peer.responseTo(4)).result, { action: 'accept', content: {} });
    await peer.client.close();
  });

  it('keeps pattern, which the SDK schema would strip, and enforces it linearly (spec §6 point 1)', async () => {
    const peer = await rawLegacyPeer(new ScriptedRenderer({ sets: { code: 'abc' } }));
    await peer.ask(1, {
      message: 'Code?',
      requestedSchema: {
        type: 'object',
        properties: { code: { type: 'string', pattern: '^[0-9]+$' } },
        required: ['code'],
      },
    });
    assert.deepEqual(
      (await peer.responseTo(1)).result,
      { action: 'cancel' },
      'a value breaking the pattern is not sent',
    );
    await peer.client.close();
  });
});
