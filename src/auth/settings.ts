// How the user configures sign-in for one HTTP server, from flags or a config entry's `oauth`
// object. The client secret is named by an environment variable, never given itself (E-09).
import { ElicitError } from '../contracts/elicit-error.js';

/** Sign-in settings for one server; every field optional (the defaults sign in with DCR or CIMD). */
export interface SignInSettings {
  /** A pre-registered client ID. */
  readonly clientId?: string;
  /** The environment variable holding the pre-registered client's secret. */
  readonly clientSecretEnv?: string;
  /** A client ID metadata document URL (https, with a path). */
  readonly clientMetadataUrl?: string;
  /** A fixed loopback port for the redirect URI (1-65535). */
  readonly callbackPort?: number;
  /** Scopes to ask for instead of the ones the server names, space-separated. */
  readonly scope?: string;
  /** How a person signs in: through a browser here (the default), or with a device code (RFC 8628). */
  readonly signIn?: SignInMethod;
  /** No browser can come back to this machine: a device code, else the address pasted back. */
  readonly noBrowser?: boolean;
  /** Sign in as the client itself (client_credentials grant): no browser, no person. */
  readonly clientCredentials?: boolean;
  /** The authorization server (issuer URL) the client credentials belong to; they go nowhere else. */
  readonly issuer?: string;
  /** A PEM private key file for private_key_jwt client authentication. */
  readonly clientKeyFile?: string;
  /** The key's JWS algorithm (default ES256). */
  readonly clientKeyAlgorithm?: string;
}

/** `browser`: the authorization page and the loopback redirect; `device`: a code typed elsewhere. */
export type SignInMethod = 'browser' | 'device';

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Each setting's own check; `where` names the flag or config field in the error. */
export const checkSetting = {
  callbackPort(value: unknown, where: string): number {
    const port = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535)
      throw new ElicitError('usage', `${where} must be a port number from 1 to 65535`);
    return port;
  },
  clientMetadataUrl(value: string, where: string): string {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {}
    // CIMD-00 §3: an https URL with a path, no fragment, no user info.
    if (url?.protocol !== 'https:' || url.pathname === '/' || url.hash || url.username || url.password)
      throw new ElicitError(
        'usage',
        `${where} must be an https:// URL with a path (a client ID metadata document)`,
      );
    return value;
  },
  envName(value: string, where: string): string {
    if (!ENV_NAME.test(value))
      throw new ElicitError(
        'usage',
        `${where} takes the NAME of an environment variable, e.g. MY_CLIENT_SECRET`,
      );
    return value;
  },
  scope(value: string, where: string): string {
    const scope = value.trim().split(/\s+/).filter(Boolean).join(' ');
    if (scope === '') throw new ElicitError('usage', `${where} must name at least one scope`);
    return scope;
  },
  issuer(value: string, where: string): string {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {}
    const loopback =
      url?.hostname === 'localhost' || url?.hostname === '127.0.0.1' || url?.hostname === '[::1]';
    if (
      url === undefined ||
      !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) ||
      url.hash
    )
      throw new ElicitError('usage', `${where} must be the authorization server's https:// issuer URL`);
    return value;
  },
  signIn(value: unknown, where: string): SignInMethod {
    if (value === 'browser' || value === 'device') return value;
    throw new ElicitError('usage', `${where} must be browser or device`);
  },
  clientId(value: string, where: string): string {
    if (value.trim() === '') throw new ElicitError('usage', `${where} must not be empty`);
    return value;
  },
};

/** `overrides` over `base`, field by field. */
export function mergeSettings(base: SignInSettings | undefined, overrides: SignInSettings | undefined) {
  const merged = { ...base, ...overrides };
  return Object.keys(merged).length > 0 ? merged : undefined;
}

/** The client secret the settings name, read from `env`; an unset variable is an error. */
export function clientSecretFrom(
  settings: SignInSettings | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const name = settings?.clientSecretEnv;
  if (name === undefined) return undefined;
  const secret = env[name];
  if (secret === undefined || secret === '')
    throw new ElicitError('usage', `the client secret variable ${name} is not set in the environment`);
  if (settings?.clientId === undefined)
    throw new ElicitError('usage', 'a client secret needs its client ID (--client-id or oauth.clientId)');
  return secret;
}
