// Failure behaviour: the upstream server crashing mid-request (a clear error naming it, the proxy
// exits non-zero), the host going away (the upstream process does not outlive the proxy), and
// nothing but protocol messages on stdout.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { liveStdioCommand } from '../helpers/servers.js';
import { alive, BIN, childrenOf, startHost, until } from './_host.js';

const live = liveStdioCommand();
const liveServer = ['--', live.command, ...live.args];

describe('proxy failure behaviour', () => {
  it('upstream crash: the pending call fails naming the server, the proxy exits 1', async () => {
    const host = await startHost({ proxyArgs: ['--name', 'live-fixture', ...liveServer] });
    const pid = host.transport.pid ?? 0;
    let closed = false;
    host.client.onclose = () => {
      closed = true;
    };
    const exited = new Promise<number | null>((resolve) => {
      const timer = setInterval(() => {
        if (!alive(pid)) {
          clearInterval(timer);
          resolve(null);
        }
      }, 25);
    });
    await assert.rejects(host.client.callTool({ name: 'crash', arguments: {} }), (error: Error) => {
      assert.match(error.message, /upstream server live-fixture closed the connection|Connection closed/);
      return true;
    });
    await exited;
    await until(() => closed, 'the host connection to close');
    assert.match(host.stderr(), /upstream server live-fixture closed the connection/);
  });

  it('the exit status after an upstream crash is 1', async () => {
    const proxy = spawn(process.execPath, [BIN, 'proxy', '--no-era-cache', ...liveServer], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const send = (message: object) => proxy.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    let out = '';
    proxy.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    await until(() => out.includes('"id":1'), 'the initialize result', 30_000);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'crash', arguments: {} } });
    const [code] = (await once(proxy, 'exit')) as [number | null];
    assert.equal(code, 1);
    // Every stdout line is a JSON-RPC message; the pending call got an error response.
    const lines = out.trim().split('\n');
    for (const line of lines) assert.equal((JSON.parse(line) as { jsonrpc: string }).jsonrpc, '2.0');
    const reply = lines
      .map((l) => JSON.parse(l) as { id?: number; error?: { message: string } })
      .find((m) => m.id === 2);
    assert.match(reply?.error?.message ?? '', /upstream server .* closed the connection/);
  });

  it('host disconnect: the upstream server process is gone, the proxy exits 0', async () => {
    const host = await startHost({ proxyArgs: liveServer });
    const pid = host.transport.pid ?? 0;
    const upstream = childrenOf(pid);
    assert.ok(upstream.length >= 1, 'the proxy started the upstream server');
    const call = host.client.callTool({ name: 'wait', arguments: {} }).catch(() => 'closed');
    await until(() => host.stderr().includes('wait: started'), 'the upstream server to run the call', 30_000);
    await host.close();
    assert.equal(await call, 'closed');
    await until(() => !alive(pid), 'the proxy to exit');
    await until(() => upstream.every((child) => !alive(child)), 'the upstream server to exit');
  });

  it('SIGTERM from the host: no orphan either', async () => {
    const host = await startHost({ proxyArgs: liveServer });
    const pid = host.transport.pid ?? 0;
    const upstream = childrenOf(pid);
    process.kill(pid, 'SIGTERM');
    await until(() => !alive(pid), 'the proxy to exit');
    await until(() => upstream.every((child) => !alive(child)), 'the upstream server to exit');
    await host.close();
  });

  it('an upstream that cannot start: a clear error on stderr, exit 1', async () => {
    const proxy = spawn(process.execPath, [BIN, 'proxy', '--no-era-cache', '--', 'no-such-command-xyz'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let err = '';
    let out = '';
    proxy.stderr.on('data', (c: Buffer) => {
      err += c.toString('utf8');
    });
    proxy.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    proxy.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } })}\n`,
    );
    const [code] = (await once(proxy, 'exit')) as [number | null];
    assert.equal(code, 1);
    assert.match(err, /cannot connect to no-such-command-xyz/);
    for (const line of out.trim().split('\n').filter(Boolean)) JSON.parse(line);
  });
});
