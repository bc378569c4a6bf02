// The one-shot loopback listener: 127.0.0.1 only, only its path (404 elsewhere), only the expected
// state (400 and it keeps waiting), the whole query handed on, Connection: close, and closed after
// one valid callback so the port is free again at once.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { describe, it } from 'node:test';
import { startCallbackListener } from '../../src/auth/callback-listener.js';
import { req } from '../helpers/req.js';

async function get(url: string): Promise<{ status: number; body: string; connection: string | undefined }> {
  const response = await fetch(url);
  return {
    status: response.status,
    body: await response.text(),
    connection: response.headers.get('connection') ?? undefined,
  };
}

describe('the sign-in callback listener', () => {
  it(req`listens on 127.0.0.1 with a random port and names it in the redirect URI (A-32)`, async () => {
    const listener = await startCallbackListener(0, 'demo');
    try {
      assert.ok(listener.port > 0);
      assert.equal(listener.redirectUrl, `http://127.0.0.1:${listener.port}/callback`);
      // Not reachable on another address of this machine: only the loopback interface is bound.
      await assert.rejects(
        new Promise((resolve, reject) =>
          request({ host: '::1', port: listener.port, path: '/callback' }, resolve).on('error', reject).end(),
        ),
      );
    } finally {
      await listener.close();
    }
  });

  it(req`answers a wrong state with 400 and keeps waiting for the right one (A-22)`, async () => {
    const listener = await startCallbackListener(0, 'demo');
    const waiting = listener.wait({ state: 'good-state' }, { timeoutMs: 5000 });
    const wrong = await get(`${listener.redirectUrl}?code=x&state=bad-state`);
    assert.equal(wrong.status, 400);
    const missing = await get(`${listener.redirectUrl}?code=x`);
    assert.equal(missing.status, 400);
    const pending = fetch(`${listener.redirectUrl}?code=c1&state=good-state&iss=https%3A%2F%2Fas.example`);
    const callback = await waiting;
    assert.equal(callback.params.get('code'), 'c1');
    assert.equal(callback.params.get('iss'), 'https://as.example', 'the whole query is handed on');
    callback.respond({ ok: true });
    const page = await pending;
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<h1>Signed in to demo<\/h1><p>You can close this tab\.<\/p>/);
    await listener.close();
  });

  it('answers any other path with 404', async () => {
    const listener = await startCallbackListener(0, 'demo');
    try {
      assert.equal((await get(`http://127.0.0.1:${listener.port}/other?state=s`)).status, 404);
      assert.equal((await get(`http://127.0.0.1:${listener.port}/`)).status, 404);
    } finally {
      await listener.close();
    }
  });

  it(req`closes every connection and frees the port after the callback (A-32)`, async () => {
    const listener = await startCallbackListener(0, 'demo');
    const port = listener.port;
    const waiting = listener.wait({ state: 's' }, { timeoutMs: 5000 });
    const pending = fetch(`${listener.redirectUrl}?code=c&state=s`);
    (await waiting).respond({ ok: true });
    const answered = await pending;
    assert.equal(answered.headers.get('connection'), 'close');
    await listener.close();
    await assert.rejects(fetch(`http://127.0.0.1:${port}/callback?state=s`));
    // The same port can be bound again at once (no kept-alive socket holds it).
    const again = await startCallbackListener(port, 'demo');
    assert.equal(again.port, port);
    await again.close();
  });

  it('escapes the server label in its page', async () => {
    const listener = await startCallbackListener(0, '<img src=x onerror=alert(1)>');
    const waiting = listener.wait({ state: 's' }, { timeoutMs: 5000 });
    const pending = fetch(`${listener.redirectUrl}?state=s`);
    (await waiting).respond({ ok: false, reason: 'nope.' });
    const body = await (await pending).text();
    assert.ok(!body.includes('<img'), body);
    assert.ok(body.includes('&#60;img'));
    await listener.close();
  });

  it('gives up after its timeout with a clear error', async () => {
    const listener = await startCallbackListener(0, 'demo');
    await assert.rejects(listener.wait({ state: 's' }, { timeoutMs: 50 }), /no sign-in came back within/);
    await listener.close();
  });

  it('reports a port in use as a clear error', async () => {
    const first = await startCallbackListener(0, 'demo');
    await assert.rejects(
      startCallbackListener(first.port, 'demo'),
      new RegExp(`port ${first.port} is in use`),
    );
    await first.close();
  });
});
