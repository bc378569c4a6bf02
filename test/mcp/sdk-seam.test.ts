// The adapter's one reach inside the SDK (src/mcp/sdk-seam.ts): it works on the installed SDK, and
// an SDK without the shape it relies on is refused at attach time with an error naming the version.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client, InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ElicitError } from '../../src/contracts/elicit-error.js';
import {
  installElicitationHandler,
  installedSdkVersion,
  keepProgressBeforeResults,
  outboundEnvelope,
  replaceStdioReadBuffer,
  type StdioReadBuffer,
  wrapRegisteredHandler,
} from '../../src/mcp/sdk-seam.js';

const client = () => {
  const created = new Client({ name: 'seam-test', version: '1' });
  // As attachElicitation does: the SDK only accepts the handler once the capability is declared.
  created.registerCapabilities({ elicitation: { form: {} } });
  return created;
};

/** A 2025-11-25 peer that answers initialize and sends one elicitation/create the SDK would refuse. */
async function deliverMalformedRequest(target: Client): Promise<Record<string, unknown>> {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  const answered = new Promise<Record<string, unknown>>((resolve) => {
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
      } else if (m.id === 7 && !('method' in m)) resolve(message as Record<string, unknown>);
    };
  });
  await serverEnd.start();
  await target.connect(clientEnd);
  // `message` is missing: the SDK's own check would answer -32602 before any handler ran.
  await serverEnd.send({
    jsonrpc: '2.0',
    id: 7,
    method: 'elicitation/create',
    params: { requestedSchema: { type: 'object', properties: {} } },
  } as JSONRPCMessage);
  const response = await answered;
  await target.close();
  return response;
}

describe('the SDK seam', () => {
  it('routes elicitation/create to our handler instead of the SDK check, on the installed SDK', async () => {
    const seen: unknown[] = [];
    const target = client();
    installElicitationHandler(target, async (request) => {
      seen.push(request.params);
      return { action: 'cancel' };
    });
    const response = await deliverMalformedRequest(target);
    assert.equal(seen.length, 1, 'the handler saw the request the SDK would have rejected');
    assert.deepEqual(response.result, { action: 'cancel' });
  });

  it('leaves other handlers wrapped by the SDK as before', () => {
    const target = client();
    installElicitationHandler(target, async () => ({ action: 'cancel' }));
    const hook = (target as unknown as { _wrapHandler: (m: string, h: unknown) => unknown })._wrapHandler;
    const marker = async () => ({});
    assert.equal(hook('ping', marker), marker, 'a method the SDK does not wrap passes through');
    assert.notEqual(hook('sampling/createMessage', marker), marker, 'the SDK still checks sampling');
  });

  it('refuses an SDK whose Client has no _wrapHandler, naming the installed version', () => {
    const target = client();
    Object.defineProperty(target, '_wrapHandler', { value: undefined });
    assert.throws(
      () => installElicitationHandler(target, async () => ({ action: 'cancel' })),
      (error: unknown) =>
        error instanceof ElicitError &&
        error.code === 'sdk-incompatible' &&
        error.message.includes(`@modelcontextprotocol/client ${installedSdkVersion()}`) &&
        error.message.includes('_wrapHandler no longer exists'),
    );
  });

  it('refuses an SDK whose Client has no _onresponse to defer behind notifications', () => {
    const target = client();
    Object.defineProperty(target, '_onresponse', { value: undefined });
    assert.throws(
      () => keepProgressBeforeResults(target),
      (error: unknown) =>
        error instanceof ElicitError &&
        error.code === 'sdk-incompatible' &&
        error.message.includes('_onresponse no longer exists'),
    );
  });

  it('refuses an SDK whose setRequestHandler no longer goes through _wrapHandler', () => {
    class Direct extends Client {
      override setRequestHandler(): void {
        // stores the handler without the hook, as a future SDK might
      }
    }
    assert.throws(
      () =>
        installElicitationHandler(new Direct({ name: 'x', version: '1' }), async () => ({
          action: 'cancel',
        })),
      (error: unknown) =>
        error instanceof ElicitError &&
        error.code === 'sdk-incompatible' &&
        error.message.includes('setRequestHandler no longer passes handlers through _wrapHandler'),
    );
  });

  it('refuses a Client from another copy of the SDK (the peer dependency must be one instance)', () => {
    const foreign = Object.create(null) as Client;
    assert.throws(
      () => installElicitationHandler(foreign, async () => ({ action: 'cancel' })),
      (error: unknown) => error instanceof ElicitError && /another copy/.test(error.message),
    );
  });

  it('swaps the stdio transport read buffer, and the transport reads through the new one', async () => {
    // A child that prints one JSON-RPC line: the swapped-in buffer must be the one that receives it.
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['-e', 'process.stdout.write(JSON.stringify({jsonrpc:"2.0",method:"notifications/ping"})+"\\n")'],
    });
    const sdkBuffer = (transport as unknown as { _readBuffer: StdioReadBuffer })._readBuffer;
    const chunks: Buffer[] = [];
    const ours: StdioReadBuffer = {
      append: (chunk) => {
        chunks.push(chunk);
        sdkBuffer.append(chunk);
      },
      readMessage: () => sdkBuffer.readMessage(),
      clear: () => sdkBuffer.clear(),
    };
    replaceStdioReadBuffer(transport, ours);
    const received = new Promise<JSONRPCMessage>((resolve) => {
      transport.onmessage = resolve;
    });
    await transport.start();
    assert.deepEqual(await received, { jsonrpc: '2.0', method: 'notifications/ping' });
    assert.ok(chunks.length > 0, 'the bytes went through the swapped-in buffer');
    await transport.close();
  });

  it('refuses an SDK whose stdio transport keeps no _readBuffer, naming the installed version', () => {
    const transport = new StdioClientTransport({ command: process.execPath });
    Object.defineProperty(transport, '_readBuffer', { value: undefined, writable: true });
    const ours: StdioReadBuffer = { append: () => {}, readMessage: () => null, clear: () => {} };
    assert.throws(
      () => replaceStdioReadBuffer(transport, ours),
      (error: unknown) =>
        error instanceof ElicitError &&
        error.code === 'sdk-incompatible' &&
        error.message ===
          `mcp-elicit cannot guard the stdio transport of @modelcontextprotocol/client ${installedSdkVersion()}: it no longer keeps a _readBuffer. It is tested with 2.4.x.`,
    );
    assert.equal(
      (transport as unknown as { _readBuffer?: unknown })._readBuffer,
      undefined,
      'nothing swapped in',
    );
  });

  it('reads the installed SDK version', () => {
    assert.match(installedSdkVersion(), /^\d+\.\d+\.\d+/);
  });

  it('reads the outbound _meta envelope (none before a 2026 connection) and wraps a registered handler', async () => {
    const target = client();
    assert.deepEqual(outboundEnvelope(target), {});
    const seen: string[] = [];
    installElicitationHandler(target, async () => {
      seen.push('handler');
      return { action: 'cancel' };
    });
    wrapRegisteredHandler(target, 'elicitation/create', (registered) => (request, ctx) => {
      seen.push('wrapper');
      return registered(request, ctx);
    });
    await deliverMalformedRequest(target);
    assert.deepEqual(seen, ['wrapper', 'handler']);
  });
});
