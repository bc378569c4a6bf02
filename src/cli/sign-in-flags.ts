// The sign-in flags (--client-id, --client-secret-env, --client-metadata-url, --callback-port,
// --scope, --sign-in, --no-browser; for an unattended agent --client-credentials, --client-issuer, --client-key-file,
// --client-key-alg; declared in options/sign-in.ts), checked one by one; server-args.ts decides
// which targets they may go with.
import { checkSetting, type SignInSettings } from '../auth/settings.js';
import { ElicitError } from '../contracts/elicit-error.js';

interface SignInFlagValues {
  readonly 'client-id'?: string;
  readonly 'client-secret-env'?: string;
  readonly 'client-metadata-url'?: string;
  readonly 'callback-port'?: string;
  readonly scope?: string;
  readonly 'client-credentials'?: boolean;
  readonly 'client-issuer'?: string;
  readonly 'client-key-file'?: string;
  readonly 'client-key-alg'?: string;
  readonly 'sign-in'?: string;
  readonly 'no-browser'?: boolean;
}

export function parseSignInFlags(v: SignInFlagValues, target?: string): SignInSettings | undefined {
  const settings: { -readonly [K in keyof SignInSettings]: SignInSettings[K] } = {};
  if (v['client-id'] !== undefined) settings.clientId = checkSetting.clientId(v['client-id'], '--client-id');
  if (v['client-secret-env'] !== undefined)
    settings.clientSecretEnv = checkSetting.envName(v['client-secret-env'], '--client-secret-env');
  if (v['client-metadata-url'] !== undefined)
    settings.clientMetadataUrl = checkSetting.clientMetadataUrl(
      v['client-metadata-url'],
      '--client-metadata-url',
    );
  if (v['callback-port'] !== undefined)
    settings.callbackPort = checkSetting.callbackPort(v['callback-port'], '--callback-port');
  if (v.scope !== undefined) settings.scope = checkSetting.scope(v.scope, '--scope');
  if (v['client-credentials'] === true) settings.clientCredentials = true;
  if (v['client-issuer'] !== undefined)
    settings.issuer = checkSetting.issuer(v['client-issuer'], '--client-issuer');
  if (v['client-key-file'] !== undefined) settings.clientKeyFile = v['client-key-file'];
  if (v['client-key-alg'] !== undefined) settings.clientKeyAlgorithm = v['client-key-alg'];
  if (v['sign-in'] !== undefined) settings.signIn = checkSetting.signIn(v['sign-in'], '--sign-in');
  if (v['no-browser'] === true) settings.noBrowser = true;
  if (Object.keys(settings).length === 0) return undefined;
  // A stdio server takes its credentials from its environment, never a sign-in.
  if (target === 'stdio')
    throw new ElicitError(
      'usage',
      '--client-id, --client-secret-env, --client-metadata-url, --callback-port and --scope only apply to an HTTP server (a stdio server takes credentials from its environment)',
    );
  return settings;
}
