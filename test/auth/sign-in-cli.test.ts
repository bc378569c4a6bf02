// Signing in with the CLI against a local protected server (the SDK's server behind a minimal test
// authorization server, test/fixtures/servers/protected-server.ts), a script standing in for the
// browser: sign in once, reuse the token, refresh it, sign in again when everything is revoked,
// stop with exit 5 when nobody can sign in, and refuse every kind of bad answer from the
// authorization side with a clear error and nothing stored. No token ever reaches the output.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
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

const standIn = join(root, 'test', 'helpers', 'sign-in-browser.mjs');
const servers: ProtectedServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function server(misbehave?: Misbehaviour): Promise<ProtectedServer> {
  const started = await startProtectedServer({ ...(misbehave !== undefined && { misbehave }) });
  servers.push(started);
  return started;
}

function call(
  url: string,
  authDir: string,
  extra: string[] = [],
  env: Record<string, string> = {},
): Promise<CliRun> {
  return runCli(['call', 'whoami', '--url', url, '--json', ...extra], {
    env: {
      BROWSER: `${process.execPath} ${standIn}`,
      MCP_ELICIT_AUTH_DIR: authDir,
      MCP_ELICIT_SIGN_IN_TIMEOUT: '4',
      ...env,
    },
  });
}

const scratch = () => mkdtempSync(join(tmpdir(), 'mcp-elicit-signin-'));
const signedIn = async (dir: string) => (await new AuthStore(dir).list()).filter((e) => e.signedIn);

function assertNoSecrets(run: CliRun, s: ProtectedServer): void {
  for (const token of s.issued) {
    assert.ok(!run.stdout.includes(token), 'no access token on stdout');
    assert.ok(!run.stderr.includes(token), 'no access token on stderr');
  }
  assert.ok(!/ref-[0-9a-f]{24}/.test(run.stdout + run.stderr), 'no refresh token in the output');
}

describe('signing in with the CLI', () => {
  it(req`signs in once through the loopback listener, then reuses the stored token (A-21, A-26, A-13)`, async () => {
    const s = await server();
    const dir = scratch();
    const first = await call(s.url, dir, ['--open-urls']);
    assert.equal(first.status, 0, first.stderr);
    assert.equal(jsonReport(first).result?.content?.[0]?.text, 'hello, signed-in caller');
    assert.equal(s.authorizations.length, 1);
    assert.equal(s.registrations[0]?.application_type, 'native');
    assert.deepEqual(s.registrations[0]?.grant_types, ['authorization_code', 'refresh_token']);
    // The resource parameter names the server in both legs.
    assert.equal(s.authorizations[0]?.get('resource'), s.url);
    assert.equal(s.tokenRequests[0]?.get('resource'), s.url);
    assert.match(s.authorizations[0]?.get('redirect_uri') ?? '', /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    assert.ok(
      s.bearers.some((b) => b === `Bearer ${s.issued[0]}`),
      'the token went in the Authorization header',
    );
    assertNoSecrets(first, s);
    // The store is private.
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    for (const f of readdirSync(dir)) assert.equal(statSync(join(dir, f)).mode & 0o777, 0o600);

    const seenBefore = s.seen.length;
    const second = await call(s.url, dir);
    assert.equal(second.status, 0, second.stderr);
    assert.equal(s.authorizations.length, 1, 'no new sign-in');
    assert.deepEqual(s.seen.slice(seenBefore), [], 'not one request to the authorization side');
    assertNoSecrets(second, s);
  });

  it('refreshes an expired token instead of signing in again', async () => {
    const s = await server();
    const dir = scratch();
    assert.equal((await call(s.url, dir, ['--open-urls'])).status, 0);
    assert.equal(expireStoredTokens(dir), 1, 'the stored token is now an hour past its expiry');
    const again = await call(s.url, dir);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(s.authorizations.length, 1, 'no new sign-in');
    assert.equal(s.tokenRequests.at(-1)?.get('grant_type'), 'refresh_token');
    assertNoSecrets(again, s);
  });

  it('signs in again when the stored tokens are all refused', async () => {
    const s = await server();
    const dir = scratch();
    assert.equal((await call(s.url, dir, ['--open-urls'])).status, 0);
    s.revokeAll();
    const again = await call(s.url, dir, ['--open-urls']);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(s.authorizations.length, 2);
    assertNoSecrets(again, s);
  });

  it(req`stops with exit 5 and names the page when a scripted run may not open it (A-29)`, async () => {
    const s = await server();
    const dir = scratch();
    const run = await call(s.url, dir, ['--ui', 'scripted']);
    assert.equal(run.status, 5, run.stderr);
    assert.match(run.stderr, /needs a sign-in at http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
    assert.match(run.stderr, /--open-urls/);
    assert.equal(jsonReport(run).error?.code, 'sign-in-required');
    assert.equal(s.authorizations.length, 0, 'the page was never opened');
    assert.deepEqual(await signedIn(dir), []);
  });
});

describe('bad answers from the authorization side', () => {
  const cases: [Misbehaviour, RegExp, string][] = [
    ['wrong-state', /no sign-in came back within/, 'a callback with another state is ignored (A-22)'],
    [
      'redirect-elsewhere',
      /no sign-in came back within/,
      'a redirect to a non-loopback address is not followed',
    ],
    ['missing-iss', /iss check/, 'a missing iss is refused (A-25)'],
    ['wrong-iss', /iss check/, 'a wrong iss is refused and its text not shown (A-25)'],
    ['prm-other-resource', /another resource/, 'metadata for another resource starts no sign-in (A-08)'],
    [
      'oversized-metadata',
      /^mcp-elicit: 127\.0\.0\.1:\d+ sent more than 1024 KiB of sign-in metadata; refused$/m,
      'oversized metadata is refused (A-44)',
    ],
    [
      'non-json-metadata',
      /the authorization server metadata request to 127\.0\.0\.1:\d+ got an answer that is not JSON \(text\/html/,
      'non-JSON metadata is one sentence naming the request (A-44)',
    ],
    ['no-access-token', /sign-in to .* failed/, 'a token response without access_token is refused'],
    ['no-s256', /PKCE S256/, 'an authorization server without S256 is refused (A-20)'],
  ];
  for (const [misbehave, message, title] of cases) {
    const cited = /\((A-\d\d)\)$/.exec(title)?.[1] as 'A-25' | undefined;
    const sentence = `${title.replace(/ \(A-\d\d\)$/, '')}: clear error, nothing stored`;
    it(cited ? req(cited, sentence) : sentence, async () => {
      const s = await server(misbehave);
      const dir = scratch();
      const run = await call(s.url, dir, ['--open-urls']);
      assert.notEqual(run.status, 0);
      assert.ok(run.status === 3, `exit ${run.status}: ${run.stderr}`);
      assert.match(run.stderr, message);
      assert.ok(
        !run.stderr.includes('evil.example.com') || misbehave === 'prm-other-resource',
        'nothing from a failed iss check is shown',
      );
      assert.deepEqual(await signedIn(dir), [], 'no token stored');
      if (misbehave === 'prm-other-resource')
        assert.equal(s.registrations.length + s.authorizations.length, 0);
      if (misbehave.endsWith('iss')) assert.equal(s.tokenRequests.length, 0, 'the code was never redeemed');
      assertNoSecrets(run, s);
    });
  }
});
