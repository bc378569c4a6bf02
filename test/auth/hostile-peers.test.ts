// What a hostile or broken authorization side cannot do to the CLI (issue 31 items 3-5, 8-11):
// hold it with an endpoint that accepts the connection and never answers (each request is bounded
// and the error names it), keep the tokens on disk at sign-out, store an expiry that breaks
// `auth status`, get a token of an unknown type used, draw a registration to plain http on another
// host or to the MCP server's own /register, or show a raw validation dump. Each failure is one
// sentence naming the peer, the step and the problem; nothing is stored.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { AuthStore } from '../../src/auth/store.js';
import {
  type Misbehaviour,
  type ProtectedServer,
  startProtectedServer,
} from '../fixtures/servers/protected-server.js';
import { type CliRun, jsonReport, root, runCli } from '../helpers/cli.js';
import { expireStoredTokens } from '../helpers/expire-tokens.js';
import { req } from '../helpers/req.js';
import { within } from '../helpers/within.js';

const standIn = join(root, 'test', 'helpers', 'sign-in-browser.mjs');
const servers: ProtectedServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function server(misbehave?: Misbehaviour, expiresIn?: number): Promise<ProtectedServer> {
  const started = await startProtectedServer({
    ...(misbehave !== undefined && { misbehave }),
    ...(expiresIn !== undefined && { expiresIn }),
  });
  servers.push(started);
  return started;
}

const scratch = () => mkdtempSync(join(tmpdir(), 'mcp-elicit-hostile-as-'));
const env = (dir: string, timeout = '6') => ({
  BROWSER: `${process.execPath} ${standIn}`,
  MCP_ELICIT_AUTH_DIR: dir,
  MCP_ELICIT_SIGN_IN_TIMEOUT: timeout,
});
const call = (url: string, dir: string, timeout?: string): Promise<CliRun> =>
  runCli(['call', 'whoami', '--url', url, '--json', '--open-urls'], { env: env(dir, timeout) });
const stored = (dir: string) => {
  try {
    return readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
};
const signedIn = async (dir: string) => (await new AuthStore(dir).list()).filter((e) => e.signedIn);

/** The error message of a failed --json run: one sentence, no zod dump, no "fetch failed". */
function failure(run: CliRun): string {
  assert.equal(run.status, 3, `exit ${run.status}: ${run.stderr}`);
  const message = jsonReport(run).error?.message ?? '';
  assert.doesNotMatch(message, /fetch failed|"code":|invalid_type|\[\s*\{/, 'no raw error');
  assert.ok(!message.includes('\n'), 'one line');
  return message;
}

// Each case waits out a limit on its own server and store, so they wait side by side.
describe('an authorization side that never answers', { concurrency: true }, () => {
  it(req`a token endpoint that accepts and never answers is given up on, naming the token request (A-38)`, async () => {
    const s = await server('token-hangs');
    const dir = scratch();
    // The limit bounds the whole sign-in too: 4 s leaves the stand-in browser time under load.
    const message = failure(await call(s.url, dir, '4'));
    assert.match(message, /the token request to 127\.0\.0\.1:\d+ got no answer within 4 s/);
    assert.equal(s.tokenRequests.length, 1, 'the code was sent once, to the real token endpoint');
    assert.deepEqual(await signedIn(dir), []);
  });

  it(req`authorization server metadata that never comes is given up on, naming that request (A-38)`, async () => {
    const s = await server('metadata-hangs');
    const message = failure(await call(s.url, scratch(), '2'));
    assert.match(
      message,
      /the authorization server metadata request to 127\.0\.0\.1:\d+ got no answer within 2 s/,
    );
    assert.equal(s.registrations.length, 0);
  });

  it(req`auth logout deletes the tokens before it revokes, and a revocation endpoint that never answers is given up on and said so (A-39)`, async () => {
    const s = await server('revocation-hangs');
    const dir = scratch();
    assert.equal((await call(s.url, dir)).status, 0);
    assert.equal(stored(dir).length, 1);
    let finished = false;
    const logout = runCli(['auth', 'logout', '--url', s.url], { env: env(dir, '3') }).finally(() => {
      finished = true;
    });
    // The file goes while the revocation request still hangs.
    const deleted = (async () => {
      while (stored(dir).length > 0) await new Promise((r) => setTimeout(r, 50));
    })();
    await within(6000, 'the store file is deleted', deleted);
    assert.equal(finished, false, 'deleted before the revocation gave up');
    const run = await logout;
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /signed out of .*: the stored sign-in is deleted/);
    assert.match(
      run.stderr,
      /could not revoke at .*refresh token: .*revocation request to 127\.0\.0\.1:\d+ got no answer within 3 s.*; access token: not tried, as the revocation endpoint did not answer.*the grant may stay valid/,
    );
    assert.equal(
      s.seen.filter((r) => r === 'POST /revoke').length,
      1,
      'the endpoint that did not answer was not asked again',
    );
    assert.deepEqual(await signedIn(dir), []);
  });
});

describe('values from the authorization side are checked before they are stored', () => {
  const cases: [Misbehaviour, RegExp, string][] = [
    ['huge-expires-in', /token response of .* has an unusable expires_in/, 'an expires_in of 1e30 (A-40)'],
    [
      'string-expires-in',
      /token response of the authorization server has an unusable expires_in/,
      'an expires_in that is no number (A-40)',
    ],
    ['mac-token', /token of type mac, and only Bearer tokens are used/, 'a token of type mac (A-41)'],
    [
      'registration-no-client-id',
      /registration response of the authorization server has no client_id/,
      'a registration without client_id (A-44)',
    ],
    [
      'javascript-authorize',
      /metadata of the authorization server has an unusable authorization_endpoint/,
      'a javascript: authorization endpoint (A-44)',
    ],
    [
      'http-registration',
      /the registration request would go to http:\/\/registration\.example\.test\/register, which the authorization server named, but it is neither https nor on this machine/,
      'a registration endpoint on plain http on another host (A-42)',
    ],
    [
      'no-metadata',
      /no authorization server metadata was found at http:\/\/127\.0\.0\.1:\d+\/? \(and the server offers no protected resource metadata\)/,
      'no metadata at all (A-43)',
    ],
    [
      'as-unreachable',
      /the authorization server metadata request to 127\.0\.0\.1:\d+ failed: the connection was refused/,
      'an authorization server nobody answers at (A-44)',
    ],
  ];
  for (const [misbehave, expected, what] of cases) {
    const id = /\((A-\d\d)\)$/.exec(what)?.[1] as 'A-40';
    it(
      req(
        id,
        `${what.replace(/ \(A-\d\d\)$/, '')} is refused in one sentence naming the peer and the step; nothing is stored`,
      ),
      async () => {
        const s = await server(misbehave);
        const dir = scratch();
        const message = failure(await call(s.url, dir));
        assert.match(message, expected);
        assert.deepEqual(await signedIn(dir), []);
        assert.ok(
          !s.bearers.some((b) => b?.startsWith('Bearer ')),
          'no token was ever sent to the MCP server',
        );
        if (misbehave === 'no-metadata' || misbehave === 'http-registration')
          assert.ok(!s.seen.includes('POST /register'), 'nothing was registered');
      },
    );
  }

  it(req`one record with an expiry no date can hold never breaks auth status for the others (A-40)`, async () => {
    const s = await server();
    const dir = scratch();
    assert.equal((await call(s.url, dir)).status, 0);
    const store = new AuthStore(dir);
    const bad = store.fileFor({ server: 'http://127.0.0.1:9/mcp', client: 'dynamic' });
    const tokens = {
      tokens: { access_token: 'x', token_type: 'Bearer' },
      savedAt: Date.now(),
      expiresAt: 1e33,
    };
    const record = {
      version: 1,
      server: 'http://127.0.0.1:9/mcp',
      client: 'dynamic',
      issuers: { 'http://127.0.0.1:9': { tokens } },
      current: 'http://127.0.0.1:9',
    };
    writeFileSync(bad, JSON.stringify(record), { mode: 0o600 });
    for (const json of [[], ['--json']]) {
      const run = await runCli(['auth', 'status', ...json], { env: env(dir) });
      assert.equal(run.status, 0, run.stderr);
      assert.ok(run.stdout.includes(s.url), 'the good record is listed');
      assert.match(run.stdout, json.length > 0 ? /"signedIn":true/ : /: signed in, expires/);
      assert.match(run.stdout, /bad tokens/, 'the bad one is named as such');
    }
  });
});

describe('a server whose authorization server moved while the stored token had expired', () => {
  it(req`refreshes before the first request, and when the refreshed token is refused signs in where the metadata now points (A-46)`, async () => {
    const old = await server();
    const moved = await server();
    const dir = scratch();
    assert.equal((await call(old.url, dir)).status, 0);
    assert.equal(expireStoredTokens(dir), 1, 'the stored token has expired');
    old.moveTo(moved);
    const sent = old.bearers.length;
    const run = await call(old.url, dir);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(jsonReport(run).result?.content?.[0]?.text, 'hello, signed-in caller');
    assert.equal(
      old.tokenRequests.at(-1)?.get('grant_type'),
      'refresh_token',
      'refreshed at the old server first',
    );
    assert.equal(
      old.bearers[sent],
      `Bearer ${old.issued.at(-1)}`,
      'the first request carried the refreshed token',
    );
    assert.equal(moved.registrations.length, 1, 'registered anew at the new authorization server');
    assert.equal(moved.authorizations.length, 1, 'and signed in there');
  });
});

describe('a 401 that outlives the sign-in', () => {
  it(req`says the server refused the token it had just been given, not only "HTTP 401" (A-44)`, async () => {
    const s = await server('refuse-tokens');
    const message = failure(await call(s.url, scratch()));
    assert.match(
      message,
      /^127\.0\.0\.1:\d+ refused the access token the sign-in had just given \(HTTP 401 again\)/,
    );
  });

  it(req`says a request went without a token because the new token had already expired (A-44)`, async () => {
    // An access token that lives a millisecond has expired before the retried request is sent.
    const s = await server(undefined, 0.001);
    const message = failure(await call(s.url, scratch()));
    assert.match(
      message,
      /answered HTTP 401 again after the sign-in, to a request sent without a token: the access token from the authorization server had expired before it could be sent/,
    );
    assert.ok(!s.bearers.some((b) => b?.startsWith('Bearer ')), 'no token was sent');
  });
});
