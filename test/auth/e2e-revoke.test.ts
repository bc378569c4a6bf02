// Sign-out revocation (RFC 7009) against an outside authorization server (oidc-provider): what
// revokeTokens reports, and that a revoked token really stops working there.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { revokeTokens } from '../../src/auth/revoke.js';
import { req } from '../helpers/req.js';
import {
  mcpStatus,
  type ProtectedSetup,
  refreshStatus,
  signInDirect,
  startProtected,
} from './e2e-harness.js';

describe('revocation at an authorization server with opaque access tokens', () => {
  let setup: ProtectedSetup;
  before(async () => {
    setup = await startProtected({ accessTokenFormat: 'opaque' });
  });
  after(() => setup.close());

  it(req`revokes the refresh token, then the access token; neither works afterwards (E-42)`, async () => {
    const grant = await signInDirect(setup.rs.url);
    assert.equal(await mcpStatus(setup.rs.url, grant.tokens.access_token), 200);
    const outcome = await revokeTokens({
      issuer: setup.as.issuer,
      client: grant.client,
      accessToken: grant.tokens.access_token,
      ...(grant.tokens.refresh_token !== undefined && { refreshToken: grant.tokens.refresh_token }),
    });
    assert.deepEqual(outcome, { kind: 'revoked', revoked: ['refresh_token', 'access_token'] });
    assert.equal(await refreshStatus(setup.as.issuer, grant, setup.rs.url), 400);
    assert.equal(await mcpStatus(setup.rs.url, grant.tokens.access_token), 401);
    const paths = setup.as.clientRequests().map((r) => `${r.method} ${r.path}`);
    assert.equal(paths.filter((p) => p === 'POST /token/revocation').length, 2);
  });
});

describe('revocation at an authorization server with JWT access tokens', () => {
  let setup: ProtectedSetup;
  before(async () => {
    setup = await startProtected({ accessTokenFormat: 'jwt' });
  });
  after(() => setup.close());

  it(req`ends the grant through the refresh token; a self-contained access token lives until it expires (E-42)`, async () => {
    const grant = await signInDirect(setup.rs.url);
    const outcome = await revokeTokens({
      issuer: setup.as.issuer,
      client: grant.client,
      accessToken: grant.tokens.access_token,
      ...(grant.tokens.refresh_token !== undefined && { refreshToken: grant.tokens.refresh_token }),
    });
    // RFC 7009 §2.2: 200 for a token the server no longer knows, so the client cannot tell.
    assert.deepEqual(outcome, { kind: 'revoked', revoked: ['refresh_token', 'access_token'] });
    assert.equal(await refreshStatus(setup.as.issuer, grant, setup.rs.url), 400);
    // Why `auth logout` warns: a server that checks JWTs itself accepts one until its expiry.
    assert.equal(await mcpStatus(setup.rs.url, grant.tokens.access_token), 200);
  });
});

describe('an authorization server without a revocation endpoint', () => {
  let setup: ProtectedSetup;
  before(async () => {
    setup = await startProtected({ revocation: false });
  });
  after(() => setup.close());

  it(req`is reported as unsupported and nothing is sent (E-42)`, async () => {
    const grant = await signInDirect(setup.rs.url);
    const before = setup.as.clientRequests().length;
    const outcome = await revokeTokens({
      issuer: setup.as.issuer,
      client: grant.client,
      accessToken: grant.tokens.access_token,
    });
    assert.deepEqual(outcome, { kind: 'unsupported' });
    const sent = setup.as
      .clientRequests()
      .slice(before)
      .filter((r) => r.method === 'POST');
    assert.deepEqual(sent, []);
    assert.equal(await refreshStatus(setup.as.issuer, grant, setup.rs.url), 200);
  });

  it('a metadata lookup that fails is a failure, not a crash', async () => {
    const outcome = await revokeTokens({
      issuer: 'http://127.0.0.1:9/nowhere',
      client: { client_id: 'x' },
      accessToken: 'abc',
    });
    assert.equal(outcome.kind, 'failed');
  });
});
