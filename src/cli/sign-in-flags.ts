// The sign-in flags (--client-id, --client-secret-env, --client-metadata-url, --callback-port,
// --scope), checked one by one; args.ts decides which targets they may go with.
import { checkSetting, type SignInSettings } from '../auth/settings.js';

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
}

export function parseSignInFlags(v: SignInFlagValues): SignInSettings | undefined {
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
  return Object.keys(settings).length > 0 ? settings : undefined;
}
