// The proxy's host side against a host with no SDK: every bad line gets a JSON-RPC error naming
// the problem (-32700 bad JSON, -32600 batch, bad request, a line over 10 MiB), and the proxy
// keeps serving the next request; ping is answered by the proxy itself.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { echoFormStdioCommand } from '../helpers/servers.js';
import { type RawHost, startRawHost } from './_raw-host.js';

const echo = echoFormStdioCommand();
const echoServer = ['--', echo.command, ...echo.args];
type Message = Record<string, unknown>;
const errorOf = (m: Message) => m.error as { code: number; message: string } | undefined;

describe('proxy: a raw host (no SDK) sending bad lines', () => {
  let host: RawHost;
  let seq = 0;
  before(async () => {
    host = startRawHost(['--protocol', 'legacy', ...echoServer]);
    await host.initialize();
  });
  after(() => host.close());

  /** The proxy still answers a good request after whatever came before. */
  async function stillServes(): Promise<void> {
    const id = `list-${++seq}`;
    host.write({ jsonrpc: '2.0', id, method: 'tools/list' });
    const answer = await host.next((m) => m.id === id, 'a tools/list result after the bad line');
    assert.ok((answer.result as { tools?: unknown[] }).tools?.length, 'tools listed');
    assert.equal(host.child.exitCode, null, 'the proxy is still running');
  }

  /** The error answered after `count` messages, once it arrives. */
  async function errorAfter(count: number, what: string): Promise<Message> {
    return host.next((m) => host.received.indexOf(m) >= count && m.error !== undefined, what);
  }

  it('bad JSON: -32700 with id null', async () => {
    const count = host.received.length;
    host.write('{"jsonrpc":"2.0","id":1,"method":');
    const answer = await errorAfter(count, 'a parse error');
    assert.equal(answer.id, null);
    assert.equal(errorOf(answer)?.code, -32700);
    assert.match(errorOf(answer)?.message ?? '', /not JSON/);
    await stillServes();
  });

  it('params a string: -32600 naming it, with the request id', async () => {
    const count = host.received.length;
    host.write({ jsonrpc: '2.0', id: 'p1', method: 'tools/list', params: 'oops' });
    const answer = await errorAfter(count, 'an invalid-request error');
    assert.equal(answer.id, 'p1');
    assert.equal(errorOf(answer)?.code, -32600);
    assert.match(errorOf(answer)?.message ?? '', /"params".*got string/);
    await stillServes();
  });

  it('jsonrpc not "2.0": -32600 with the request id', async () => {
    const count = host.received.length;
    host.write({ jsonrpc: '1.0', id: 'v1', method: 'tools/list' });
    const answer = await errorAfter(count, 'an invalid-request error');
    assert.equal(answer.id, 'v1');
    assert.equal(errorOf(answer)?.code, -32600);
    assert.match(errorOf(answer)?.message ?? '', /"jsonrpc" must be "2.0"/);
    await stillServes();
  });

  it('a batch: -32600 with id null (H-34)', async () => {
    const count = host.received.length;
    host.write([{ jsonrpc: '2.0', id: 'b1', method: 'tools/list' }]);
    const answer = await errorAfter(count, 'an invalid-request error');
    assert.equal(answer.id, null);
    assert.equal(errorOf(answer)?.code, -32600);
    assert.match(errorOf(answer)?.message ?? '', /batch/);
    await stillServes();
  });

  it('a line over 10 MiB: -32600 naming the size, with its id, and the proxy keeps serving', async () => {
    const count = host.received.length;
    const big = 'x'.repeat(11 * 1024 * 1024);
    host.write(
      `{"jsonrpc":"2.0","id":"huge","method":"tools/call","params":{"name":"ask","arguments":{"message":"${big}"}}}`,
    );
    const answer = await errorAfter(count, 'an oversized-line error');
    assert.equal(answer.id, 'huge');
    assert.equal(errorOf(answer)?.code, -32600);
    assert.match(errorOf(answer)?.message ?? '', /\d{8} bytes \(11\.0 MiB\), over the 10\.0 MiB limit/);
    await stillServes();
  });

  it('a line over 10 MiB whose id is not at the start: id null', async () => {
    const count = host.received.length;
    const big = 'x'.repeat(11 * 1024 * 1024);
    host.write(
      `{"jsonrpc":"2.0","method":"tools/call","params":{"id":"nested","blob":"${big}"},"id":"late"}`,
    );
    const answer = await errorAfter(count, 'an oversized-line error');
    assert.equal(answer.id, null);
    assert.equal(errorOf(answer)?.code, -32600);
    await stillServes();
  });

  it('ping is answered by the proxy', async () => {
    host.write({ jsonrpc: '2.0', id: 'ping-1', method: 'ping' });
    const answer = await host.next((m) => m.id === 'ping-1', 'the ping result');
    assert.deepEqual(answer.result, {});
  });
});

describe('proxy: a raw 2025 host in front of a 2026-07-28 server', () => {
  it('ping gets an empty result, not an error', async () => {
    const host = startRawHost(['--protocol', 'auto', ...echoServer]);
    try {
      await host.initialize();
      host.write({ jsonrpc: '2.0', id: 'ping-1', method: 'ping' });
      const answer = await host.next((m) => m.id === 'ping-1', 'the ping result');
      assert.deepEqual(answer.result, {}, JSON.stringify(answer));
    } finally {
      await host.close();
    }
  });
});
