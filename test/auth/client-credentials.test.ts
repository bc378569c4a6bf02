// --client-credentials settings (an unattended agent signing in as itself): what they need, and
// that a bad key file or a missing issuer is a clear usage error before anything is sent.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ClientCredentialsProvider, PrivateKeyJwtProvider } from '@modelcontextprotocol/client';
import { clientCredentialsFrom, clientCredentialsProvider } from '../../src/auth/client-credentials.js';
import { ElicitError } from '../../src/contracts/elicit-error.js';
import { req } from '../helpers/req.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-elicit-client-credentials-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const issuer = 'https://auth.example.com';
const usage = (pattern: RegExp) => (error: unknown) =>
  error instanceof ElicitError && error.code === 'usage' && pattern.test(error.message);

describe('client credentials (unattended sign-in)', () => {
  it(req`a secret from the named variable gives the SDK's client_credentials provider, stamped with the issuer (A-36)`, () => {
    const settings = { clientCredentials: true, clientId: 'agent', clientSecretEnv: 'AGENT_SECRET', issuer };
    const provider = clientCredentialsProvider(clientCredentialsFrom(settings, { AGENT_SECRET: 's3cret' }));
    assert.ok(provider instanceof ClientCredentialsProvider);
    const info = provider.clientInformation() as { client_id: string; issuer?: string };
    assert.equal(info.client_id, 'agent');
    assert.equal(info.issuer, issuer, 'the credentials are bound to the named authorization server');
    assert.equal(provider.redirectUrl, undefined, 'no browser redirect');
  });

  it(req`a PEM key file gives the private_key_jwt provider (A-36)`, () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const keyFile = join(dir, 'key.pem');
    writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    const settings = { clientCredentials: true, clientId: 'agent', clientKeyFile: keyFile, issuer };
    assert.ok(
      clientCredentialsProvider(clientCredentialsFrom(settings, {})) instanceof PrivateKeyJwtProvider,
    );
  });

  it('refuses, as a usage error, settings that would send credentials blindly or cannot sign in', () => {
    const base = { clientCredentials: true, clientId: 'agent', clientSecretEnv: 'AGENT_SECRET' };
    const env = { AGENT_SECRET: 's3cret' };
    assert.throws(() => clientCredentialsFrom(base, env), usage(/--client-issuer/));
    assert.throws(
      () => clientCredentialsFrom({ clientCredentials: true, issuer }, env),
      usage(/--client-id/),
    );
    assert.throws(() => clientCredentialsFrom({ ...base, issuer }, {}), usage(/AGENT_SECRET is not set/));
    const none = clientCredentialsFrom({ clientCredentials: true, clientId: 'agent', issuer }, {});
    assert.throws(
      () => clientCredentialsProvider(none),
      usage(/--client-secret-env NAME or --client-key-file/),
    );
    const notPem = join(dir, 'not-a-key.txt');
    writeFileSync(notPem, 'hello');
    assert.throws(
      () => clientCredentialsProvider({ ...none, keyFile: notPem }),
      usage(/holds no PEM private key/),
    );
    assert.throws(
      () => clientCredentialsProvider({ ...none, keyFile: join(dir, 'missing.pem') }),
      usage(/cannot read the client key file/),
    );
  });
});
