// The proxy's URL face (`proxy --listen`): hosts that take a URL reach the upstream server over
// MCP Streamable HTTP, each host session with its own upstream session, behind a bearer token and
// the Host/Origin checks, and a host that goes away mid-elicitation harms no one else.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { req } from '../helpers/req.js';
import { alive, BIN, childrenOf, until } from './_host.js';
import { httpHost, INITIALIZE, type ListeningProxy, rawPost, startListening } from './_listen.js';

const SCHEMA = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };

function text(result: unknown): string {
  return ((result as CallToolResult).content as { text?: string }[]).map((c) => c.text ?? '').join('\n');
}

const ask = { name: 'ask', arguments: { schema: SCHEMA } };
const named = (name: string) => () => ({ action: 'accept' as const, content: { name } });

describe('proxy --listen (a generated token)', () => {
  let proxy: ListeningProxy;
  before(async () => {
    proxy = await startListening();
  });
  after(async () => {
    await proxy.stop();
  });

  it('prints the URL and a generated token once on stderr', () => {
    assert.match(proxy.url.href, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.ok(proxy.token && proxy.token.length >= 40, 'a random base64url token');
    assert.equal(proxy.stderr().split(proxy.token).length - 1, 1, 'the token appears exactly once');
  });

  it(req`two hosts at once: each has its own upstream session, and each answers its own elicitation (X-11)`, async () => {
    const before = childrenOf(proxy.child.pid as number).length;
    const a = await httpHost(proxy.url, { token: proxy.token, answer: named('Ada') });
    const b = await httpHost(proxy.url, { token: proxy.token, answer: named('Bob') });
    try {
      assert.notEqual(a.transport.sessionId, undefined);
      assert.notEqual(a.transport.sessionId, b.transport.sessionId);
      const [ra, rb] = await Promise.all([a.client.callTool(ask), b.client.callTool(ask)]);
      assert.match(text(ra), /"name":"Ada"/);
      assert.match(text(rb), /"name":"Bob"/);
      assert.equal(childrenOf(proxy.child.pid as number).length, before + 2, 'one upstream server per host');
    } finally {
      await a.client.close();
      await b.client.close();
    }
  });

  it(req`a wrong token and a missing token are refused 401 with WWW-Authenticate: Bearer and a JSON-RPC error (X-10)`, async () => {
    for (const headers of [{ Authorization: 'Bearer not-the-token' }, {}] as Record<string, string>[]) {
      const answer = await rawPost(proxy.url, headers, INITIALIZE);
      assert.equal(answer.status, 401);
      assert.match(String(answer.headers['www-authenticate']), /^Bearer/);
      const body = JSON.parse(answer.body) as { jsonrpc: string; error: { code: number } };
      assert.equal(body.jsonrpc, '2.0');
      assert.equal(typeof body.error.code, 'number');
    }
  });

  it(req`a forged Host, a Host on another port and a foreign Origin are refused 403 even with the token (X-10)`, async () => {
    const auth = { Authorization: `Bearer ${proxy.token}` };
    const port = proxy.url.port;
    const cases = [
      { Host: `evil.example.com:${port}` },
      { Host: `127.0.0.1:${Number(port) + 1}` },
      { Origin: 'http://evil.example.com' },
      { Origin: `http://localhost:${Number(port) + 1}` },
    ];
    for (const forged of cases) {
      const answer = await rawPost(proxy.url, { ...auth, ...forged }, INITIALIZE);
      assert.equal(answer.status, 403, JSON.stringify(forged));
    }
    const ok = await rawPost(proxy.url, { ...auth, Origin: `http://localhost:${port}` }, INITIALIZE);
    assert.equal(ok.status, 200, 'a loopback origin on our port is let in');
    const id = ok.headers['mcp-session-id'];
    if (typeof id === 'string')
      await fetch(proxy.url, { method: 'DELETE', headers: { ...auth, 'Mcp-Session-Id': id } });
  });

  it(req`after DELETE the session is gone (404) and its upstream connection closed (X-11)`, async () => {
    const host = await httpHost(proxy.url, { token: proxy.token });
    await host.client.listTools();
    const id = host.transport.sessionId as string;
    const upstreams = childrenOf(proxy.child.pid as number).length;
    await host.transport.terminateSession();
    await host.client.close();
    const again = await rawPost(
      proxy.url,
      { Authorization: `Bearer ${proxy.token}`, 'Mcp-Session-Id': id, 'MCP-Protocol-Version': '2025-11-25' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
    );
    assert.equal(again.status, 404);
    await until(
      () => childrenOf(proxy.child.pid as number).length === upstreams - 1,
      'the upstream server of the ended session to exit',
    );
  });

  it('a JSON-RPC batch is answered -32600 naming it, id null, in a 2025 session and without one (H-34)', async () => {
    const host = await httpHost(proxy.url, { token: proxy.token });
    try {
      await host.client.listTools();
      const batch = [
        { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
        { jsonrpc: '2.0', id: 3, method: 'ping' },
      ];
      const auth = { Authorization: `Bearer ${proxy.token}` };
      const session = { ...auth, 'Mcp-Session-Id': host.transport.sessionId as string };
      for (const headers of [
        { ...session, 'MCP-Protocol-Version': '2025-11-25' },
        { ...auth, 'MCP-Protocol-Version': '2026-07-28' },
      ]) {
        const answer = await rawPost(proxy.url, headers, batch);
        assert.equal(answer.status, 400, answer.body);
        const error = JSON.parse(answer.body) as { id: unknown; error: { code: number; message: string } };
        assert.equal(error.id, null);
        assert.equal(error.error.code, -32600);
        assert.match(error.error.message, /batch/);
      }
      assert.ok((await host.client.listTools()).tools.length > 0, 'the session still serves');
    } finally {
      await host.client.close();
    }
  });

  it('a host that goes away mid-elicitation: its session ends, the other host and the proxy carry on', async () => {
    let asked!: () => void;
    const wasAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const gone = await httpHost(proxy.url, {
      token: proxy.token,
      answer: () => {
        asked();
        return new Promise(() => {}); // never answers
      },
    });
    const other = await httpHost(proxy.url, { token: proxy.token, answer: named('Still here') });
    try {
      const pending = gone.client.callTool(ask).catch(() => 'ended');
      await wasAsked;
      await gone.transport.terminateSession();
      await gone.client.close();
      await pending;
      assert.match(text(await other.client.callTool(ask)), /"name":"Still here"/);
      // A host that just drops its connection (no DELETE) does not take the proxy down either.
      let onAsked = () => {};
      const asked = new Promise<void>((resolve) => {
        onAsked = resolve;
      });
      const never = () => {
        onAsked();
        return new Promise<never>(() => {});
      };
      const dropped = await httpHost(proxy.url, { token: proxy.token, answer: never });
      const lost = dropped.client.callTool(ask).catch(() => 'dropped');
      await asked;
      await dropped.client.close();
      await lost;
      assert.match(text(await other.client.callTool(ask)), /"name":"Still here"/);
      assert.ok(alive(proxy.child.pid as number), 'the proxy is still running');
    } finally {
      await other.client.close();
    }
  });

  it('a 2026-07-28 host over the URL face answers an elicitation through input_required rounds', async () => {
    const host = await httpHost(proxy.url, {
      token: proxy.token,
      era: '2026-07-28',
      answer: named('Modern Ada'),
    });
    try {
      assert.equal(host.transport.sessionId, undefined, 'the 2026 era has no HTTP sessions');
      assert.match(text(await host.client.callTool(ask)), /"name":"Modern Ada"/);
    } finally {
      await host.client.close();
    }
  });

  it('SIGTERM stops the proxy: every session and upstream server closes, exit status 0', async () => {
    const host = await httpHost(proxy.url, { token: proxy.token });
    await host.client.listTools();
    const upstreams = childrenOf(proxy.child.pid as number);
    assert.ok(upstreams.length > 0);
    assert.equal(await proxy.stop(), 0);
    await until(() => upstreams.every((pid) => !alive(pid)), 'every upstream server to exit');
    await host.client.close().catch(() => {});
  });
});

describe('proxy --listen with the proxy answering', () => {
  it('an elicitation through the listen face is answered by --ui scripted --set', async () => {
    const proxy = await startListening(['--no-token', '--ui', 'scripted', '--set', 'name=Scripted Ada']);
    try {
      assert.equal(proxy.token, undefined);
      assert.match(proxy.stderr(), /no token/);
      const host = await httpHost(proxy.url);
      assert.match(text(await host.client.callTool(ask)), /"action":"accept".*"name":"Scripted Ada"/);
      await host.client.close();
    } finally {
      await proxy.stop();
    }
  });

  it('--token-file: the trimmed token from the file is the one required; a file others can read is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'listen-token-'));
    const file = join(dir, 'token');
    writeFileSync(file, '  s3cret-token-from-file \n');
    chmodSync(file, 0o644);
    const open = spawnSync(
      process.execPath,
      [BIN, 'proxy', '--listen', '127.0.0.1:0', '--token-file', file, '--', 'true'],
      {
        encoding: 'utf8',
      },
    );
    assert.equal(open.status, 2);
    assert.match(open.stderr, /group or others/);
    chmodSync(file, 0o600);
    const proxy = await startListening(['--token-file', file]);
    try {
      assert.equal(proxy.token, undefined, 'a token from a file is never printed');
      assert.doesNotMatch(proxy.stderr(), /s3cret/);
      const host = await httpHost(proxy.url, { token: 's3cret-token-from-file' });
      await host.client.listTools();
      await host.client.close();
    } finally {
      await proxy.stop();
    }
  });

  it(req`--listen refuses an address that is not loopback, as a usage error (X-10)`, () => {
    for (const address of ['0.0.0.0:0', '192.168.1.2:8080', 'example.com:80']) {
      const run = spawnSync(process.execPath, [BIN, 'proxy', '--listen', address, '--', 'true'], {
        encoding: 'utf8',
      });
      assert.equal(run.status, 2, address);
      assert.match(run.stderr, /loopback/);
    }
  });
});

describe('proxy --listen --session-idle', () => {
  it(req`a 2025 session a host left without DELETE is ended once idle: 404 after, its upstream server gone (X-11)`, async () => {
    const proxy = await startListening(['--session-idle', '0.5']);
    try {
      const host = await httpHost(proxy.url, { token: proxy.token });
      await host.client.listTools();
      const id = host.transport.sessionId as string;
      const upstreams = childrenOf(proxy.child.pid as number).length;
      assert.equal(upstreams, 1);
      await host.client.close(); // no DELETE: the host just goes
      // The proxy says so on its stderr, which may reach us after its upstream server has gone.
      const said = /host session sat idle for 0\.5 s with nothing open; ended it/;
      await until(
        () => childrenOf(proxy.child.pid as number).length === 0 && said.test(proxy.stderr()),
        'the idle session to end, said on stderr',
      );
      const again = await rawPost(
        proxy.url,
        {
          Authorization: `Bearer ${proxy.token}`,
          'Mcp-Session-Id': id,
          'MCP-Protocol-Version': '2025-11-25',
        },
        { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
      );
      assert.equal(again.status, 404, 'the host starts a new session');
      const next = await httpHost(proxy.url, { token: proxy.token });
      await next.client.listTools();
      await next.client.close();
    } finally {
      await proxy.stop();
    }
  });

  it('a session waiting on an answer longer than the idle time, or holding its stream open, is not ended', async () => {
    const proxy = await startListening(['--session-idle', '0.5']);
    try {
      const slow = async () => {
        // Asserts that nothing happens for this long (both waits): the session is not ended at 3x the idle time.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        return { action: 'accept' as const, content: { name: 'Slow Ada' } };
      };
      const host = await httpHost(proxy.url, { token: proxy.token, answer: slow });
      assert.match(text(await host.client.callTool(ask)), /"name":"Slow Ada"/);
      // Asserts that nothing happens for this long: connected, listening, no request, not ended.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      assert.equal((await host.client.listTools()).tools.length > 0, true);
      assert.doesNotMatch(proxy.stderr(), /sat idle/);
      await host.client.close();
    } finally {
      await proxy.stop();
    }
  });

  it('--session-idle without --listen, or with a value that is not seconds, is a usage error', () => {
    for (const words of [
      ['--session-idle', '60', '--', 'true'],
      ['--listen', '127.0.0.1:0', '--session-idle', 'soon', '--', 'true'],
    ]) {
      const run = spawnSync(process.execPath, [BIN, 'proxy', ...words], { encoding: 'utf8' });
      assert.equal(run.status, 2, words.join(' '));
      assert.match(run.stderr, /--session-idle/);
    }
  });
});
