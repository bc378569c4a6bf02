// The guarded stdio transport against a real child process: an invalid JSON-RPC request is
// answered -32600 naming the problem (the SDK's own transport drops it), reading goes on, and a
// line past the buffer limit is reported as an ElicitError.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ElicitError } from '../../src/contracts/elicit-error.js';
import { createGuardedStdioTransport, guardStdioTransport } from '../../src/mcp/guarded-stdio.js';

// Sends `lines`, then echoes each line it receives back as a notification, so the test sees what
// the transport answered.
const peer = (lines: string[]) => `
const out = (s) => process.stdout.write(s + '\\n');
for (const line of ${JSON.stringify(lines)}) out(line);
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) =>
  out(JSON.stringify({ jsonrpc: '2.0', method: 'echo', params: { line } })));
`;

function collect(lines: string[], maxBufferSize?: number) {
  const transport = createGuardedStdioTransport({
    command: process.execPath,
    args: ['-e', peer(lines)],
    ...(maxBufferSize !== undefined && { maxBufferSize }),
  });
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  const next = (test: (m: JSONRPCMessage) => boolean) =>
    new Promise<JSONRPCMessage>((resolve) => {
      const check = () => {
        const found = messages.find(test);
        if (found) resolve(found);
        else setTimeout(check, 10);
      };
      check();
    });
  transport.onmessage = (m) => messages.push(m);
  transport.onerror = (e) => errors.push(e);
  return { transport, messages, errors, next };
}

const echoed = (m: JSONRPCMessage) => (m as { method?: string }).method === 'echo';

describe('guarded stdio transport', () => {
  it('answers a request whose params is a string with -32600 naming the problem, then keeps reading', async () => {
    const { transport, next, messages } = collect([
      '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":"oops"}',
      '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"still here"}}',
    ]);
    await transport.start();
    const echo = (await next(echoed)) as unknown as { params: { line: string } };
    const answer = JSON.parse(echo.params.line) as { id: number; error: { code: number; message: string } };
    assert.equal(answer.id, 5);
    assert.equal(answer.error.code, -32600);
    assert.match(answer.error.message, /"params" of "tools\/call" must be an object or an array/);
    await next((m) => (m as { method?: string }).method === 'notifications/message');
    assert.ok(
      !messages.some((m) => (m as { id?: unknown }).id === 5),
      'the invalid request was not delivered',
    );
    await transport.close();
  });

  it('answers a request with the wrong jsonrpc version with -32600', async () => {
    const { transport, next } = collect(['{"jsonrpc":"1.0","id":"a","method":"ping"}']);
    await transport.start();
    const echo = (await next(echoed)) as unknown as { params: { line: string } };
    assert.deepEqual(JSON.parse(echo.params.line).error, {
      code: -32600,
      message: 'Invalid Request: "jsonrpc" must be "2.0"',
    });
    await transport.close();
  });

  it('skips lines that are not JSON, as the SDK does', async () => {
    const { transport, next, errors } = collect([
      'a stray log line',
      '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"after"}}',
    ]);
    await transport.start();
    await next((m) => (m as { method?: string }).method === 'notifications/message');
    assert.deepEqual(errors, []);
    await transport.close();
  });

  it('reports a message larger than the buffer limit as an ElicitError', async () => {
    const { transport, errors } = collect(
      [`{"jsonrpc":"2.0","method":"x","params":{"p":"${'a'.repeat(4096)}"}}`],
      1024,
    );
    await transport.start();
    for (let i = 0; i < 200 && errors.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const error = errors[0];
    assert.ok(error instanceof ElicitError && error.code === 'message-too-large', String(error));
    await transport.close();
  });

  it('refuses a transport that no longer keeps the SDK read buffer', () => {
    const transport = new StdioClientTransport({ command: process.execPath });
    Object.defineProperty(transport, '_readBuffer', { value: undefined, writable: true });
    assert.throws(
      () => guardStdioTransport(transport),
      (error: unknown) => error instanceof ElicitError && error.code === 'sdk-incompatible',
    );
  });
});
