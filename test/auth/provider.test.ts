// The SignInProvider's own checks, the ones SDK 2.4 leaves to the host: PKCE S256 required (G-01),
// https-only authorization pages, a fresh 128+-bit state, pre-registered credentials pinned to
// their issuer (G-08), CIMD only when given (G-14), an absolute expiry (G-11), and cached
// discovery dropped on a 401 to a request that carried our token (G-06).
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { AuthorizationServerMetadata, OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { SignInProvider } from '../../src/auth/provider.js';
import { AuthStore } from '../../src/auth/store.js';
import { req } from '../helpers/req.js';

const serverUrl = new URL('https://mcp.example.com/mcp');
const ISSUER = 'https://as.example.com';
const store = () => new AuthStore(mkdtempSync(join(tmpdir(), 'mcp-elicit-provider-')));

function metadata(extra: Partial<AuthorizationServerMetadata> = {}): AuthorizationServerMetadata {
  return {
    issuer: ISSUER,
    authorization_endpoint: `${ISSUER}/authorize`,
    token_endpoint: `${ISSUER}/token`,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    ...extra,
  } as AuthorizationServerMetadata;
}

function discovery(meta: AuthorizationServerMetadata | undefined): OAuthDiscoveryState {
  return {
    authorizationServerUrl: ISSUER,
    resourceMetadata: { resource: serverUrl.href, authorization_servers: [ISSUER] },
    ...(meta && { authorizationServerMetadata: meta }),
  } as OAuthDiscoveryState;
}

describe('the sign-in provider', () => {
  it(req`refuses an authorization server whose metadata lacks PKCE S256, before anything opens (A-20)`, async () => {
    for (const meta of [
      metadata({ code_challenge_methods_supported: ['plain'] }),
      metadata({ code_challenge_methods_supported: undefined }),
    ]) {
      const provider = await SignInProvider.open({ serverUrl, store: store() });
      await provider.saveDiscoveryState(discovery(meta));
      await assert.rejects(provider.redirectToAuthorization(new URL(`${ISSUER}/authorize?x=1`)), /PKCE S256/);
      assert.equal(provider.takeAuthorizationUrl(), undefined, 'nothing was recorded to open');
    }
  });

  it(req`refuses discovery without authorization server metadata before anything is registered (A-43)`, async () => {
    const provider = await SignInProvider.open({ serverUrl, store: store() });
    await assert.rejects(
      provider.saveDiscoveryState(discovery(undefined)),
      /no authorization server metadata was found/,
    );
    await assert.rejects(provider.redirectToAuthorization(new URL(`${ISSUER}/authorize?x=1`)), /PKCE S256/);
  });

  it(req`records (never opens) an https authorization URL and refuses other schemes (A-29)`, async () => {
    const provider = await SignInProvider.open({ serverUrl, store: store() });
    await provider.saveDiscoveryState(discovery(metadata()));
    await provider.redirectToAuthorization(new URL(`${ISSUER}/authorize?a=1`));
    assert.equal(provider.takeAuthorizationUrl()?.href, `${ISSUER}/authorize?a=1`);
    assert.equal(provider.takeAuthorizationUrl(), undefined, 'taken once');
    for (const bad of [
      'http://as.example.com/authorize',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/html,x',
    ]) {
      await assert.rejects(provider.redirectToAuthorization(new URL(bad)), /not an https:\/\/ address/);
    }
    await provider.redirectToAuthorization(new URL('http://127.0.0.1:9/authorize'));
    assert.ok(provider.takeAuthorizationUrl(), 'http on this machine is allowed');
  });

  it(req`makes a fresh state of at least 128 random bits for each sign-in (A-22)`, async () => {
    const provider = await SignInProvider.open({ serverUrl, store: store() });
    const a = await provider.state();
    const b = await provider.state();
    assert.notEqual(a, b);
    assert.ok(Buffer.from(a, 'base64url').length >= 16);
    assert.equal(provider.expectedState(), b);
  });

  it(req`pins pre-registered credentials to the first issuer and refuses another (A-14)`, async () => {
    const s = store();
    const provider = await SignInProvider.open({ serverUrl, store: s, clientId: 'pre', clientSecret: 'shh' });
    const info = provider.clientInformation({ issuer: ISSUER });
    assert.deepEqual(info, { client_id: 'pre', client_secret: 'shh', issuer: ISSUER });
    await provider.saveClientInformation(
      { client_id: 'pre', client_secret: 'shh', issuer: ISSUER },
      { issuer: ISSUER },
    );
    assert.throws(
      () => provider.clientInformation({ issuer: 'https://other.example.com' }),
      /never sent to another authorization server/,
    );
    const again = await SignInProvider.open({ serverUrl, store: s, clientId: 'pre', clientSecret: 'shh' });
    assert.throws(() => again.clientInformation({ issuer: 'https://other.example.com' }), /pre-registered/);
  });

  it(req`keeps dynamic registrations per issuer and never hands one issuer's to another (A-14)`, async () => {
    const provider = await SignInProvider.open({ serverUrl, store: store() });
    await provider.saveClientInformation({ client_id: 'dcr-1', issuer: ISSUER }, { issuer: ISSUER });
    assert.equal(provider.clientInformation({ issuer: ISSUER })?.client_id, 'dcr-1');
    assert.equal(provider.clientInformation({ issuer: 'https://as2.example.com' }), undefined);
  });

  it('never writes a pre-registered client secret into the store', async () => {
    const s = store();
    const provider = await SignInProvider.open({
      serverUrl,
      store: s,
      clientId: 'pre',
      clientSecret: 'very-secret-99',
    });
    await provider.saveClientInformation(
      { client_id: 'pre', client_secret: 'very-secret-99' },
      { issuer: ISSUER },
    );
    await provider.saveTokens({ access_token: 'a', token_type: 'Bearer' }, { issuer: ISSUER });
    const { readFileSync, readdirSync } = await import('node:fs');
    const text = readdirSync(s.dir)
      .map((f) => readFileSync(join(s.dir, f), 'utf8'))
      .join('');
    assert.ok(!text.includes('very-secret-99'));
  });

  it('sets clientMetadataUrl only when one is given', async () => {
    const without = await SignInProvider.open({ serverUrl, store: store() });
    assert.equal('clientMetadataUrl' in without, false);
    const url = 'https://app.example.com/client.json';
    const withUrl = await SignInProvider.open({ serverUrl, store: store(), clientMetadataUrl: url });
    assert.equal(withUrl.clientMetadataUrl, url);
  });

  it(req`registers as a native app with refresh_token in grant_types (A-13, A-19)`, async () => {
    const provider = await SignInProvider.open({ serverUrl, store: store() });
    provider.setCallbackPort(4321);
    const meta = provider.clientMetadata;
    assert.equal(meta.application_type, 'native');
    assert.deepEqual(meta.grant_types, ['authorization_code', 'refresh_token']);
    assert.deepEqual(meta.redirect_uris, ['http://127.0.0.1:4321/callback']);
    assert.equal(meta.token_endpoint_auth_method, 'none');
  });

  it('stores an absolute expiry and stops sending a token once it has passed', async () => {
    let now = 1_000_000;
    const provider = await SignInProvider.open({ serverUrl, store: store(), now: () => now });
    await provider.saveTokens(
      { access_token: 'a1', token_type: 'Bearer', expires_in: 60, refresh_token: 'r' },
      { issuer: ISSUER },
    );
    assert.equal(provider.tokens()?.access_token, 'a1');
    assert.ok(provider.hasUsableToken());
    now += 61_000;
    assert.equal(provider.tokens(), undefined, 'the per-request read sends no expired token');
    assert.equal(
      provider.tokens({ issuer: ISSUER })?.refresh_token,
      'r',
      'auth() still finds the refresh token',
    );
    assert.equal(provider.hasUsableToken(), false);
  });

  it('drops cached discovery on a 401 to a request that carried the token, and only then', async () => {
    const provider = await SignInProvider.open({ serverUrl, store: store() });
    const answer = (status: number) => async () => new Response('', { status });
    await provider.saveDiscoveryState(discovery(metadata()));
    await provider.watchFetch(answer(401))(serverUrl.href, { method: 'POST' });
    assert.ok(provider.discoveryState(), 'no token sent: kept');
    await provider.watchFetch(answer(401))(`${ISSUER}/token`, { headers: { authorization: 'Bearer t' } });
    assert.ok(provider.discoveryState(), 'the token endpoint: kept');
    await provider.watchFetch(answer(200))(serverUrl.href, { headers: { authorization: 'Bearer t' } });
    assert.ok(provider.discoveryState(), 'a 200: kept');
    await provider.watchFetch(answer(401))(serverUrl.href, { headers: { Authorization: 'Bearer t' } });
    assert.equal(provider.discoveryState(), undefined, 'the MCP endpoint refused our token: dropped');
  });

  it(req`refuses protected resource metadata for another resource before storing it (A-08)`, async () => {
    const provider = await SignInProvider.open({ serverUrl, store: store() });
    const state = {
      ...discovery(metadata()),
      resourceMetadata: { resource: 'https://evil.example.com/mcp', authorization_servers: [ISSUER] },
    } as OAuthDiscoveryState;
    await assert.rejects(provider.saveDiscoveryState(state), /another resource.*no token was sent/);
    assert.equal(provider.discoveryState(), undefined);
  });
});
