// The one tap on a connected transport (src/mcp/transport-tap.ts), between a real SDK Client and a
// real McpServer: subscribers run in the documented stage order whatever order they subscribed in,
// can consume or pass a message each way, can be removed, and one that throws never breaks the
// transport (H-44).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client, InMemoryTransport, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { ElicitError } from '../../src/contracts/elicit-error.js';
import { onTransportClose, tapOf } from '../../src/mcp/transport-tap.js';
import { within } from '../helpers/within.js';

interface Pair {
  readonly client: Client;
  readonly server: McpServer;
  readonly transport: Transport;
  /** `_meta.n` of each tools/list_changed the client's SDK dispatched. */
  readonly seenByClient: number[];
  /** `_meta.n` of each roots/list_changed the server's SDK dispatched. */
  readonly seenByServer: number[];
  /** Resolves once the client's SDK dispatched notification `n`. */
  clientSaw(n: number): Promise<void>;
  /** Resolves once the server's SDK dispatched notification `n`. */
  serverSaw(n: number): Promise<void>;
  close(): Promise<void>;
}

async function connectedPair(): Promise<Pair> {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  const server = new McpServer({ name: 'tap-peer', version: '1' });
  server.registerTool('noop', { description: 'does nothing' }, async () => ({ content: [] }));
  const client = new Client(
    { name: 'tap-test', version: '1' },
    { capabilities: { roots: { listChanged: true } }, versionNegotiation: { mode: 'legacy' } },
  );
  const seenByClient: number[] = [];
  const seenByServer: number[] = [];
  const waiters: { list: number[]; n: number; resolve: () => void }[] = [];
  const note = (list: number[], params: unknown) => {
    const n = (params as { _meta?: { n?: number } } | undefined)?._meta?.n ?? -1;
    list.push(n);
    for (const w of waiters.filter((w) => w.list === list && w.n === n)) w.resolve();
  };
  const saw = (list: number[], n: number) =>
    within(
      5_000,
      `notification ${n}`,
      list.includes(n)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ list, n, resolve })),
    );
  client.setNotificationHandler('notifications/tools/list_changed', (n) => note(seenByClient, n.params));
  server.server.setNotificationHandler('notifications/roots/list_changed', (n) =>
    note(seenByServer, n.params),
  );
  await server.connect(serverEnd);
  await client.connect(clientEnd);
  return {
    client,
    server,
    transport: clientEnd,
    seenByClient,
    seenByServer,
    clientSaw: (n) => saw(seenByClient, n),
    serverSaw: (n) => saw(seenByServer, n),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

const toClient = (pair: Pair, n: number) =>
  pair.server.server.notification({ method: 'notifications/tools/list_changed', params: { _meta: { n } } });
const toServer = (pair: Pair, n: number) =>
  pair.client.notification({ method: 'notifications/roots/list_changed', params: { _meta: { n } } });
const numberOf = (message: JSONRPCMessage) =>
  ((message as { params?: { _meta?: { n?: number } } }).params?._meta?.n ?? -1) as number;

describe('the transport tap', () => {
  it('runs inbound subscribers in stage order, not subscription order, then the SDK', async () => {
    const pair = await connectedPair();
    const order: string[] = [];
    const tap = tapOf(pair.transport);
    for (const stage of ['dropped-host', 'url-completions', 'task-responses'] as const)
      tap.inbound(stage, (message, _extra, pass) => {
        if (numberOf(message) === 1) order.push(stage);
        pass();
      });
    await toClient(pair, 1);
    await pair.clientSaw(1);
    assert.deepEqual(order, ['task-responses', 'url-completions', 'dropped-host']);
    await pair.close();
  });

  it('runs outbound subscribers in stage order, then the wire', async () => {
    const pair = await connectedPair();
    const order: string[] = [];
    const tap = tapOf(pair.transport);
    for (const stage of ['sign-in-retry', 'dropped-host'] as const)
      tap.outbound(stage, (message, options, pass) => {
        if (numberOf(message) === 1) order.push(stage);
        return pass(message, options);
      });
    await toServer(pair, 1);
    await pair.serverSaw(1);
    assert.deepEqual(order, ['dropped-host', 'sign-in-retry']);
    await pair.close();
  });

  it('lets an inbound subscriber consume a message: later stages and the SDK never see it', async () => {
    const pair = await connectedPair();
    const later: number[] = [];
    const tap = tapOf(pair.transport);
    tap.inbound('url-completions', (message, _extra, pass) => {
      later.push(numberOf(message));
      pass();
    });
    tap.inbound('task-responses', (message, _extra, pass) => {
      if (numberOf(message) !== 1) pass();
    });
    await toClient(pair, 1);
    await toClient(pair, 2);
    // The in-memory pair delivers in order: once 2 is dispatched, 1 would have been too.
    await pair.clientSaw(2);
    assert.deepEqual(pair.seenByClient, [2]);
    assert.deepEqual(later, [2]);
    await pair.close();
  });

  it('lets an outbound subscriber consume a message: the send resolves and nothing goes out', async () => {
    const pair = await connectedPair();
    tapOf(pair.transport).outbound('dropped-host', async (message, options, pass) => {
      if (numberOf(message) !== 1) await pass(message, options);
    });
    await toServer(pair, 1);
    await toServer(pair, 2);
    await pair.serverSaw(2);
    assert.deepEqual(pair.seenByServer, [2]);
    await pair.close();
  });

  it('lets an inbound subscriber hand on a message of its own, later, to the stages after it and the SDK', async () => {
    const pair = await connectedPair();
    const after: number[] = [];
    const tap = tapOf(pair.transport);
    tap.inbound('url-completions', (message, _extra, pass) => {
      after.push(numberOf(message));
      pass();
    });
    tap.inbound('task-responses', (message, _extra, pass) => {
      pass();
      if (numberOf(message) === 1)
        setImmediate(() =>
          pass({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { n: 7 } } }),
        );
    });
    await toClient(pair, 1);
    await pair.clientSaw(7);
    assert.deepEqual(pair.seenByClient, [1, 7]);
    assert.deepEqual(after, [1, 7]);
    await pair.close();
  });

  it('stops calling a subscriber once it unsubscribed, and keeps calling the others', async () => {
    const pair = await connectedPair();
    const first: number[] = [];
    const second: number[] = [];
    const tap = tapOf(pair.transport);
    const stop = tap.inbound('task-responses', (message, _extra, pass) => {
      first.push(numberOf(message));
      pass();
    });
    tap.inbound('task-responses', (message, _extra, pass) => {
      second.push(numberOf(message));
      pass();
    });
    const stopOut = tap.outbound('dropped-host', (message, options, pass) => {
      first.push(100 + numberOf(message));
      return pass(message, options);
    });
    await toClient(pair, 1);
    await pair.clientSaw(1);
    stop();
    stopOut();
    await toClient(pair, 2);
    await toServer(pair, 3);
    await pair.clientSaw(2);
    await pair.serverSaw(3);
    assert.deepEqual(first, [1]);
    assert.deepEqual(second, [1, 2]);
    await pair.close();
  });

  it('passes a message on when its subscriber throws, and reports the error on the transport', async () => {
    const pair = await connectedPair();
    const errors: string[] = [];
    pair.client.onerror = (error) => errors.push(error.message);
    const tap = tapOf(pair.transport);
    tap.inbound('task-responses', () => {
      throw new Error('inbound boom');
    });
    tap.outbound('dropped-host', async () => {
      throw new Error('outbound boom');
    });
    await toClient(pair, 1);
    await pair.clientSaw(1);
    await toServer(pair, 2);
    await pair.serverSaw(2);
    // A whole request and its response still make the round trip through both throwing subscribers.
    await within(5_000, 'ping', pair.client.ping());
    assert.ok(errors.some((e) => e.includes('task-responses') && e.includes('inbound boom')));
    assert.ok(errors.some((e) => e.includes('dropped-host') && e.includes('outbound boom')));
    await pair.close();
  });

  it("returns the wire's own failure to the sender through a subscriber that passed", async () => {
    const pair = await connectedPair();
    const tried: number[] = [];
    tapOf(pair.transport).outbound('sign-in-retry', (message, options, pass) => {
      tried.push(numberOf(message));
      return pass(message, options);
    });
    await pair.server.close();
    await assert.rejects(pair.transport.send({ jsonrpc: '2.0', method: 'x', params: { _meta: { n: 4 } } }));
    assert.deepEqual(tried, [4]);
    await pair.close();
  });

  it('refuses a transport the SDK has not connected yet, whose messages it could not keep from the SDK', () => {
    const [unconnected] = InMemoryTransport.createLinkedPair();
    assert.throws(
      () => tapOf(unconnected),
      (error: unknown) => error instanceof ElicitError && error.code === 'not-connected',
    );
  });

  it("calls close listeners once, after the SDK's own close handling, and never one that unsubscribed", async () => {
    const pair = await connectedPair();
    const order: string[] = [];
    pair.client.onclose = () => order.push('sdk');
    onTransportClose(pair.transport, () => order.push('first'));
    const stop = onTransportClose(pair.transport, () => order.push('gone'));
    onTransportClose(pair.transport, () => order.push('second'));
    stop();
    await pair.close();
    assert.deepEqual(order, ['sdk', 'first', 'second']);
  });

  it("still calls close listeners when the SDK's close hook throws", async () => {
    const pair = await connectedPair();
    let heard = false;
    pair.client.onclose = () => {
      throw new Error('a failing onclose');
    };
    onTransportClose(pair.transport, () => {
      heard = true;
    });
    await pair.close().catch(() => {});
    assert.equal(heard, true);
  });

  it('watches the close again when the SDK connects the same transport anew and sets its own hook', () => {
    const order: string[] = [];
    const transport: Transport = {
      start: async () => {},
      send: async () => {},
      close: async () => transport.onclose?.(),
    };
    transport.onclose = () => order.push('first connection');
    onTransportClose(transport, () => order.push('first listener'));
    transport.onclose = () => order.push('second connection');
    onTransportClose(transport, () => order.push('second listener'));
    transport.onclose?.();
    assert.deepEqual(order, ['second connection', 'second listener']);
  });
});
