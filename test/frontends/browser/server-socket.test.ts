// The loopback server on real sockets: it listens on 127.0.0.1 only, refuses a forged Host, and the
// port is closed after the last answer (issue 8, "The server that serves it").
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { dirname } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { OpenResult } from '../../../src/contracts/url-step.js';
import { BrowserRenderer } from '../../../src/frontends/browser/index.js';
import { forwarded } from '../../helpers/launch-page.js';
import { until } from '../../helpers/within.js';
import { context, enginePrompt, profileSchema } from '../scripted/fixtures.js';

function refused(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

function rawGet(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
    req.end();
  });
}

/** Local addresses of listening TCP sockets on `port` (Linux /proc/net/tcp, hex ip:port). */
function listeners(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[3] === '0A' && cols[1]?.endsWith(`:${hexPort}`))
    .map((cols) => cols[1] ?? '');
}

async function started(): Promise<{
  renderer: BrowserRenderer;
  launch: string;
  url: URL;
  answer: Promise<unknown>;
}> {
  let opened: (url: string) => void = () => {};
  const got = new Promise<string>((resolve) => {
    opened = resolve;
  });
  const renderer = new BrowserRenderer({
    lingerMs: 50,
    opener: {
      open: async (url): Promise<OpenResult> => {
        opened(url);
        return { ok: true };
      },
    },
  });
  const answer = renderer.form(enginePrompt(profileSchema), context());
  const launch = await got;
  return { renderer, launch, url: forwarded(launch), answer };
}

describe('browser loopback server on real sockets', () => {
  it('opens a launch page only its owner can read, forwarding to 127.0.0.1 with a 256-bit token; listens on 127.0.0.1 only, and refuses a forged Host', async () => {
    const { renderer, launch, url, answer } = await started();
    try {
      assert.match(launch, /^file:\/\/\/.+\/open\.html$/, 'the opened address is a file, no token in it');
      assert.equal(statSync(fileURLToPath(launch)).mode & 0o777, 0o600);
      assert.equal(statSync(dirname(fileURLToPath(launch))).mode & 0o777, 0o700);
      assert.equal(url.hostname, '127.0.0.1');
      assert.ok((url.searchParams.get('t') ?? '').length >= 43, 'a token of at least 256 bits');
      const port = Number(url.port);
      assert.deepEqual(listeners(port), [`0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`]);
      for (const addresses of Object.values(networkInterfaces())) {
        for (const address of addresses ?? []) {
          if (address.internal || address.family !== 'IPv4') continue;
          assert.ok(await refused(address.address, port), `nothing listens on ${address.address}`);
        }
      }
      assert.equal(await rawGet(port, `evil.example:${port}`), 403);
      assert.equal(await rawGet(port, `localhost:${port}`), 403);
    } finally {
      await renderer.close();
    }
    assert.equal(((await answer) as { outcome: { action: string } }).outcome.action, 'cancel');
  });

  it('closes the port after the last answer (and on close), leaving no listener', async () => {
    const { renderer, url, answer } = await started();
    const port = Number(url.port);
    const first = await fetch(url, { redirect: 'manual' });
    assert.equal(first.status, 200);
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const page = await (await fetch(new URL('/', url), { headers: { cookie } })).text();
    const nonce = /name="nonce" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const posted = await fetch(new URL('/answer', url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: url.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: `nonce=${nonce}&action=decline`,
    });
    assert.equal(posted.status, 303);
    assert.equal(((await answer) as { outcome: { action: string } }).outcome.action, 'decline');
    await until(() => refused('127.0.0.1', port), 'the port closed', 5_000);
    assert.deepEqual(listeners(port), []);
    assert.equal(renderer.address, undefined);
    await renderer.close();
  });

  it('prints the address to open by hand on stderr when no browser starts, and keeps waiting', async () => {
    const lines: string[] = [];
    const renderer = new BrowserRenderer({
      opener: { open: async (): Promise<OpenResult> => ({ ok: false, error: 'no display' }) },
      log: (line) => lines.push(line),
    });
    try {
      const answer = renderer.form(enginePrompt(profileSchema), context());
      while (lines.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.match(lines[0] ?? '', /could not open a browser \(no display\)/);
      assert.doesNotMatch(lines.join('\n'), /\?t=/, 'no token on stderr');
      const printed = /(file:\/\/\S+)/.exec(lines[0] ?? '')?.[1] ?? '';
      const first = await fetch(forwarded(printed), { redirect: 'manual' });
      assert.equal(first.status, 200, 'the printed launch page works');
      assert.match(first.headers.get('set-cookie') ?? '', /HttpOnly/);
      await renderer.close();
      assert.equal(((await answer) as { outcome: { action: string } }).outcome.action, 'cancel');
    } finally {
      await renderer.close();
    }
  });
});
