// An unattended agent signs in as itself with the OAuth client_credentials grant (the
// io.modelcontextprotocol/oauth-client-credentials extension, SEP-1046; A-36): no browser, no
// person, no stored tokens (each run asks for a fresh one). The SDK's providers do the grant; the
// credentials go only to the authorization server the user names (SEP-2352 issuer stamp), never
// to whichever one the MCP server advertises.
import { readFileSync } from 'node:fs';
import {
  ClientCredentialsProvider,
  type OAuthClientProvider,
  PrivateKeyJwtProvider,
} from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';
import { clientSecretFrom, type SignInSettings } from './settings.js';

/** What `--client-credentials` needs: the client, its authorization server, and one credential. */
export interface ClientCredentials {
  readonly clientId: string;
  /** The authorization server's issuer URL the credentials were registered with. */
  readonly issuer: string;
  /** A client secret (client_secret_basic). */
  readonly clientSecret?: string;
  /** A PEM private key file (private_key_jwt). */
  readonly keyFile?: string;
  /** The key's JWS algorithm (default ES256). */
  readonly keyAlgorithm?: string;
  readonly scope?: string;
}

const CLIENT_NAME = 'mcp-elicit';
// A PEM key is a few kilobytes; anything far larger is not one.
const MAX_KEY_BYTES = 64 * 1024;

/** The client credentials that `--client-credentials` settings name (the secret read from `env`). */
export function clientCredentialsFrom(
  settings: SignInSettings,
  env: Readonly<Record<string, string | undefined>>,
): ClientCredentials {
  if (settings.clientId === undefined)
    throw new ElicitError('usage', '--client-credentials needs the client ID (--client-id)');
  if (settings.issuer === undefined)
    throw new ElicitError(
      'usage',
      '--client-credentials needs --client-issuer URL: the authorization server the credentials belong to (they are sent nowhere else)',
    );
  const secret = clientSecretFrom(settings, env);
  return {
    clientId: settings.clientId,
    issuer: settings.issuer,
    ...(secret !== undefined && { clientSecret: secret }),
    ...(settings.clientKeyFile !== undefined && { keyFile: settings.clientKeyFile }),
    ...(settings.clientKeyAlgorithm !== undefined && { keyAlgorithm: settings.clientKeyAlgorithm }),
    ...(settings.scope !== undefined && { scope: settings.scope }),
  };
}

/** The SDK provider that runs the client_credentials grant for these credentials. */
export function clientCredentialsProvider(c: ClientCredentials): OAuthClientProvider {
  const common = {
    clientId: c.clientId,
    clientName: CLIENT_NAME,
    expectedIssuer: c.issuer,
    ...(c.scope !== undefined && { scope: c.scope }),
  };
  if (c.keyFile !== undefined) {
    if (c.clientSecret !== undefined)
      throw new ElicitError('usage', '--client-credentials takes a client secret or a key file, not both');
    return new PrivateKeyJwtProvider({
      ...common,
      privateKey: readKey(c.keyFile),
      algorithm: c.keyAlgorithm ?? 'ES256',
    });
  }
  if (c.clientSecret === undefined)
    throw new ElicitError(
      'usage',
      '--client-credentials needs --client-secret-env NAME or --client-key-file FILE',
    );
  return new ClientCredentialsProvider({ ...common, clientSecret: c.clientSecret });
}

function readKey(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ElicitError('usage', `cannot read the client key file ${file}: ${(error as Error).message}`);
  }
  if (text.length > MAX_KEY_BYTES || !/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text))
    throw new ElicitError('usage', `the client key file ${file} holds no PEM private key`);
  return text;
}
