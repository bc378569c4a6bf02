// An `mcpServers` HTTP entry's `oauth` object, in the shapes the config styles we read use:
// ours and Claude Code's (`clientId`, `callbackPort`, `scopes`), gemini-cli's (`clientId`,
// `scopes`, `redirectUri` whose port is used), plus `clientSecretEnv`, `clientMetadataUrl` and
// `signIn` ("browser" or "device").
// A literal secret is refused: it would sit in a file other tools read and copy around.

import { checkSetting, type SignInSettings } from '../auth/settings.js';
import { ElicitError } from '../contracts/elicit-error.js';

const KNOWN = new Set([
  'clientId',
  'clientSecretEnv',
  'clientMetadataUrl',
  'callbackPort',
  'scopes',
  'scope',
  'redirectUri',
  'signIn',
  // Read by other hosts; accepted and not used here.
  'enabled',
  'authServerMetadataUrl',
  'authorizationUrl',
  'tokenUrl',
  'audiences',
  'registrationUrl',
]);

export function parseOAuthEntry(value: unknown, where: string): SignInSettings | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ElicitError('config', `${where}: "oauth" must be an object`);
  const entry = value as Record<string, unknown>;
  const at = (field: string) => `${where}: "oauth.${field}"`;
  if (entry.clientSecret !== undefined)
    throw new ElicitError(
      'config',
      `${at('clientSecret')}: a secret does not belong in a config file; put it in an environment variable and name it with "clientSecretEnv" (or --client-secret-env)`,
    );
  const unknown = Object.keys(entry).find((key) => !KNOWN.has(key));
  if (unknown !== undefined) throw new ElicitError('config', `${at(unknown)} is not a known sign-in setting`);
  const str = (field: string): string | undefined => {
    const v = entry[field];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw new ElicitError('config', `${at(field)} must be a string`);
    return v;
  };
  const settings: { -readonly [K in keyof SignInSettings]: SignInSettings[K] } = {};
  const clientId = str('clientId');
  if (clientId !== undefined)
    settings.clientId = config(() => checkSetting.clientId(clientId, at('clientId')));
  const secretEnv = str('clientSecretEnv');
  if (secretEnv !== undefined)
    settings.clientSecretEnv = config(() => checkSetting.envName(secretEnv, at('clientSecretEnv')));
  const cimd = str('clientMetadataUrl');
  if (cimd !== undefined)
    settings.clientMetadataUrl = config(() => checkSetting.clientMetadataUrl(cimd, at('clientMetadataUrl')));
  const port = entry.callbackPort ?? portOf(str('redirectUri'), at('redirectUri'));
  if (port !== undefined)
    settings.callbackPort = config(() => checkSetting.callbackPort(port, at('callbackPort')));
  const method = str('signIn');
  if (method !== undefined) settings.signIn = config(() => checkSetting.signIn(method, at('signIn')));
  const scopes = scopesOf(entry.scopes ?? entry.scope, at('scopes'));
  if (scopes !== undefined) settings.scope = scopes;
  return settings;
}

// gemini-cli names the whole redirect URI; only a loopback one fits, and its port is what counts.
function portOf(redirectUri: string | undefined, where: string): number | undefined {
  if (redirectUri === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(redirectUri);
  } catch {}
  if (url?.protocol !== 'http:' || !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || !url.port)
    throw new ElicitError('config', `${where} must be a loopback http:// address with a port`);
  return Number(url.port);
}

function scopesOf(value: unknown, where: string): string | undefined {
  if (value === undefined) return undefined;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || !list.every((s) => typeof s === 'string'))
    throw new ElicitError('config', `${where} must be an array of strings or a space-separated string`);
  return config(() => checkSetting.scope(list.join(' '), where));
}

// The checks speak of usage errors; in a config file they are config errors.
function config<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof ElicitError) throw new ElicitError('config', error.message);
    throw error;
  }
}
