// The loopback app's security checks, driven without a socket (Hono's app.request()): every refusal
// has the right status and changes nothing (issue 8, "The server that serves it").
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { FormAnswer } from '../../../src/contracts/renderer.js';
import { createApp } from '../../../src/frontends/browser/app.js';
import { Desk } from '../../../src/frontends/browser/desk.js';
import { FormDriver } from '../../../src/frontends/browser/form-driver.js';
import { SessionGate } from '../../../src/frontends/browser/session-gate.js';
import { launchToken } from '../../helpers/launch-page.js';
import { enginePrompt, profileSchema } from '../scripted/fixtures.js';

const PORT = 4711;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const FORM = 'application/x-www-form-urlencoded';
const ASSETS = { js: '/* js */', css: '/* css */', version: 'v1' };
const scratch: string[] = [];
after(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});
function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'app-security-'));
  scratch.push(dir);
  return dir;
}

function rig() {
  const desk = new Desk();
  const state = { watched: false };
  const gate = new SessionGate({
    watched: () => state.watched,
    tmpDir: scratchDir(),
  });
  const launch = gate.launch(ORIGIN);
  const first = gate.exchange(launchToken(launch), undefined);
  const session = first.kind === 'session' ? first.secret : '';
  const GOOD = { host: `127.0.0.1:${PORT}`, cookie: `mcp-elicit-${PORT}=${session}` };
  const app = createApp({
    desk,
    assets: ASSETS,
    guard: {
      hosts: [`127.0.0.1:${PORT}`],
      origins: [ORIGIN],
      cookieName: `mcp-elicit-${PORT}`,
      maxBodyBytes: 2048,
      isSession: (cookie) => gate.isSession(cookie),
      exchange: (token, cookie) => gate.exchange(token, cookie),
    },
  });
  let answer: FormAnswer | undefined;
  const entry = new FormDriver(
    enginePrompt(profileSchema, 'Tell us <script>alert(1)</script>'),
    { server: { label: 'weather' }, waiting: () => 0 },
    (a) => {
      answer = a;
    },
  );
  desk.add(entry, 0);
  const nonce = desk.current()?.nonce ?? '';
  const post = (body: string, headers: Record<string, string> = {}) =>
    app.request(`${ORIGIN}/answer`, {
      method: 'POST',
      body,
      headers: { ...GOOD, origin: ORIGIN, 'content-type': FORM, ...headers },
    });
  return { app, desk, nonce, post, answer: () => answer, GOOD, launch, state };
}

describe('browser app: who may talk to it', () => {
  it('refuses every Host but the exact address it opened (DNS rebinding), even with the cookie', async () => {
    const { app, GOOD } = rig();
    for (const host of [
      'evil.example',
      `evil.example:${PORT}`,
      `localhost:${PORT}`,
      '127.0.0.1:1',
      '127.0.0.1',
    ]) {
      const response = await app.request(`${ORIGIN}/`, { headers: { ...GOOD, host } });
      assert.equal(response.status, 403, host);
    }
    assert.equal((await app.request(`${ORIGIN}/`, { headers: GOOD })).status, 200);
  });

  it('serves nothing without the session cookie, not even the script', async () => {
    const { app, GOOD } = rig();
    for (const path of ['/', '/app.js', '/app.css', '/events']) {
      const response = await app.request(`${ORIGIN}${path}`, { headers: { host: GOOD.host } });
      assert.equal(response.status, 403, path);
    }
    const wrong = await app.request(`${ORIGIN}/`, {
      headers: { host: GOOD.host, cookie: `mcp-elicit-${PORT}=${'X'.repeat(43)}` },
    });
    assert.equal(wrong.status, 403);
  });

  it("exchanges the launch page's single-use token for an HttpOnly SameSite=Strict cookie, then a page without it", async () => {
    const { app, GOOD, launch, state } = rig();
    const token = launchToken(launch); // rotated by the rig's own first exchange
    const first = await app.request(`${ORIGIN}/?t=${token}`, { headers: { host: GOOD.host } });
    assert.equal(first.status, 200);
    assert.match(
      await first.text(),
      /http-equiv="refresh" content="0;url=\/"/,
      'on to an address without it',
    );
    const cookie = first.headers.get('set-cookie') ?? '';
    assert.match(cookie, new RegExp(`^mcp-elicit-${PORT}=[\\w-]{43};`));
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    const reused = await app.request(`${ORIGIN}/?t=${token}`, { headers: { host: GOOD.host } });
    assert.equal(reused.status, 403, 'a used token is refused');
    assert.equal(reused.headers.get('set-cookie'), null);
    const guessed = await app.request(`${ORIGIN}/?t=guess`, { headers: { host: GOOD.host } });
    assert.equal(guessed.status, 403);
    const held = (cookie.split(';')[0] ?? '').trim();
    assert.equal(
      (await app.request(`${ORIGIN}/`, { headers: { host: GOOD.host, cookie: held } })).status,
      200,
    );
    assert.equal((await app.request(`${ORIGIN}/`, { headers: GOOD })).status, 403, 'one session at a time');
    state.watched = true;
    const second = await app.request(`${ORIGIN}/?t=${launchToken(launch)}`, { headers: { host: GOOD.host } });
    assert.equal(second.status, 403, 'a second browser is refused while a tab shows the page');
    assert.match(await second.text(), /already open in another browser window/);
    assert.equal(second.headers.get('set-cookie'), null);
    const same = await app.request(`${ORIGIN}/?t=${token}`, { headers: { host: GOOD.host, cookie: held } });
    assert.equal(same.status, 200, "the session's own browser may revisit an old link (history)");
    assert.equal(same.headers.get('set-cookie'), null);
  });

  it('sends a strict CSP and no-referrer, nosniff, DENY on every response, and no-store on all but a versioned asset', async () => {
    const { app, GOOD } = rig();
    const kept = [
      await app.request(`${ORIGIN}/app.js?v=v1`, { headers: GOOD }),
      await app.request(`${ORIGIN}/app.css?v=v1`, { headers: GOOD }),
    ];
    for (const response of kept)
      assert.equal(response.headers.get('cache-control'), 'private, max-age=31536000, immutable');
    const notKept = [
      await app.request(`${ORIGIN}/`, { headers: GOOD }),
      await app.request(`${ORIGIN}/app.js`, { headers: GOOD }),
      await app.request(`${ORIGIN}/app.css?v=v0`, { headers: GOOD }),
      await app.request(`${ORIGIN}/app.js?v=v1`, { headers: { host: 'evil.example' } }),
      await app.request(`${ORIGIN}/`, { headers: { host: 'evil.example' } }),
    ];
    for (const response of notKept) assert.equal(response.headers.get('cache-control'), 'no-store');
    for (const response of [...kept, ...notKept]) {
      const csp = response.headers.get('content-security-policy') ?? '';
      for (const directive of [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
      ]) {
        assert.ok(csp.includes(directive), `${directive} in ${csp}`);
      }
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
      assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(response.headers.get('x-frame-options'), 'DENY');
    }
  });
});

describe('browser app: form posts', () => {
  it('refuses a forged Origin, and a cross-site post without Origin, with 403; nothing is answered', async () => {
    const { post, nonce, desk, answer } = rig();
    const body = `nonce=${nonce}&action=decline`;
    assert.equal((await post(body, { origin: 'http://evil.example' })).status, 403);
    assert.equal((await post(body, { origin: `http://localhost:${PORT}` })).status, 403);
    assert.equal((await post(body, { origin: '', 'sec-fetch-site': 'cross-site' })).status, 403);
    assert.equal((await post(body, { origin: 'null' })).status, 403);
    assert.equal(desk.size, 1);
    assert.equal(answer(), undefined);
  });

  it('takes a same-origin post identified by Sec-Fetch-Site when Origin is absent', async () => {
    const { app, nonce, answer, GOOD } = rig();
    const response = await app.request(`${ORIGIN}/answer`, {
      method: 'POST',
      body: `nonce=${nonce}&action=decline`,
      headers: { ...GOOD, 'content-type': FORM, 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(response.status, 303);
    assert.equal(answer()?.outcome.action, 'decline');
  });

  it('reads only application/x-www-form-urlencoded bodies (415) of bounded size (413); nothing is answered', async () => {
    const { post, nonce, desk, answer } = rig();
    const body = `nonce=${nonce}&action=decline`;
    for (const type of ['application/json', 'multipart/form-data; boundary=x', 'text/plain', '']) {
      assert.equal((await post(body, { 'content-type': type })).status, 415, type);
    }
    const huge = `nonce=${nonce}&action=decline&f0=${'a'.repeat(4096)}`;
    assert.equal((await post(huge)).status, 413);
    assert.equal(desk.size, 1);
    assert.equal(answer(), undefined);
  });

  it('reads one parsed Content-Type for the type and the Origin check: a no-break space or form feed around it is refused, never trimmed past the Origin check (issue 19 item 9)', async () => {
    const { post, nonce, desk, answer } = rig();
    const body = `nonce=${nonce}&action=decline`;
    for (const type of [`\u00a0${FORM}`, `${FORM}\u00a0`, `\f${FORM}`, `\v${FORM}; charset=utf-8`]) {
      for (const origin of ['http://evil.example', ORIGIN]) {
        const response = await post(body, { 'content-type': type, origin });
        assert.ok(
          [403, 415].includes(response.status),
          `${JSON.stringify(type)} from ${origin}: ${response.status}`,
        );
      }
    }
    assert.equal(desk.size, 1);
    assert.equal(answer(), undefined, 'nothing answered');
    assert.equal((await post(body, { 'content-type': `${FORM}; charset=UTF-8` })).status, 303);
  });

  it('refuses an unknown nonce with 403 and answers a second submit of the same form with "already answered" (409), not a second answer', async () => {
    const { post, nonce, answer } = rig();
    assert.equal((await post('nonce=guessed&action=decline')).status, 403);
    assert.equal(answer(), undefined);
    const first = await post(`nonce=${nonce}&action=decline`);
    assert.equal(first.status, 303);
    const firstAnswer = answer();
    assert.equal(firstAnswer?.outcome.action, 'decline');
    const second = await post(`nonce=${nonce}&action=cancel`);
    assert.equal(second.status, 409);
    assert.match(await second.text(), /already answered/);
    assert.equal(answer(), firstAnswer, 'the first answer stands');
  });

  it('keeps what was typed and shows problems in place when a post does not validate', async () => {
    const { post, nonce, app, answer, GOOD } = rig();
    const response = await post(`nonce=${nonce}&step=edit&action=review&f0=A&f1=abc`);
    assert.equal(response.status, 303);
    const html = await (await app.request(`${ORIGIN}/`, { headers: GOOD })).text();
    assert.match(html, /id="f0-err"[^>]*>.*at least 2 characters/s);
    assert.match(
      html,
      /<input type="text" value="A" id="f0" name="f0" aria-describedby="[^"]*f0-err" aria-invalid="true" aria-required="true" autofocus>/,
    );
    assert.match(html, /value="abc"/, 'text that is not a number is kept, not dropped');
    assert.match(html, /&quot;abc&quot; is not a number/);
    assert.equal(answer(), undefined);
  });
});

describe('browser app: server text is inert', () => {
  it('renders script, img onerror, javascript: links and bidi overrides from the server as plain text', async () => {
    const desk = new Desk();
    const schema = {
      type: 'object',
      properties: {
        a: {
          type: 'string',
          title: '<img src=x onerror=alert(1)>',
          description: '<a href="javascript:alert(1)">click</a>',
        },
        b: {
          type: 'string',
          title: 'Pay\u202Eyalp',
          oneOf: [{ const: 'javascript:alert(1)', title: '<b>bold</b>' }],
        },
      },
    };
    const entry = new FormDriver(
      enginePrompt(schema, '<script>alert(1)</script> visit аpple.com'),
      { server: { label: '<i>srv</i>', selfName: '"><svg onload=alert(1)>' }, waiting: () => 0 },
      () => {},
    );
    desk.add(entry, 0);
    const html = entry.page({ nonce: 'n', alsoWaiting: 0, entry: 'e' }).toString();
    assert.doesNotMatch(html, /<script>alert/);
    assert.doesNotMatch(html, /<img|<svg|<b>bold|<i>srv|<a href="javascript/);
    assert.doesNotMatch(html, /href="javascript:/i);
    assert.doesNotMatch(html, /\u202E/);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt; visit аpple\.com/);
    assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt;/);
    assert.match(html, /value="javascript:alert\(1\)"/, 'an option value is sent as is, as an attribute');
    assert.equal((html.match(/<script/g) ?? []).length, 1, 'only our own script tag');
  });
});
