// The CLI's sign-in for an HTTP target: a provider on the private store, a session that asks
// through the run's front-end and opens with the run's opener. Stdio targets never sign in.

import { AUTH_REQUEST_TIMEOUT_MS } from '../auth/bounded-fetch.js';
import { SignInProvider } from '../auth/provider.js';
import { clientSecretFrom, type SignInSettings } from '../auth/settings.js';
import type { SignInOptions } from '../auth/sign-in.js';
import { AuthStore } from '../auth/store.js';
import type { Era } from '../contracts/protocol.js';
import type { Renderer } from '../contracts/renderer.js';
import type { UrlOpener } from '../contracts/url-step.js';

export interface CliSignInOptions {
  readonly url: URL;
  readonly settings: SignInSettings | undefined;
  readonly label: string;
  readonly env: NodeJS.ProcessEnv;
  readonly renderer: Renderer;
  readonly opener: UrlOpener | undefined;
  readonly era: Era;
}

/** The provider on the private store and how this run asks and opens, for connectWithSignIn. */
export async function cliSignIn(
  o: CliSignInOptions,
): Promise<Omit<SignInOptions, 'provider'> & { provider: SignInProvider }> {
  const s = o.settings;
  const secret = clientSecretFrom(s, o.env);
  const timeoutMs = timeoutFrom(o.env);
  const provider = await SignInProvider.open({
    serverUrl: o.url,
    store: AuthStore.forEnv(o.env),
    ...(s?.clientId !== undefined && { clientId: s.clientId }),
    ...(secret !== undefined && { clientSecret: secret }),
    ...(s?.clientMetadataUrl !== undefined && { clientMetadataUrl: s.clientMetadataUrl }),
    ...(s?.scope !== undefined && { scope: s.scope }),
    // Each request to the authorization side: 30 s, or the whole sign-in's limit when shorter.
    requestTimeoutMs: Math.min(AUTH_REQUEST_TIMEOUT_MS, timeoutMs ?? Number.POSITIVE_INFINITY),
  });
  // The caller brings the opener (the CLI and the proxy do); without one the person opens the page by hand.
  const opener: UrlOpener = o.opener ?? {
    open: async () => ({ ok: false, error: 'no browser opener was given' }),
  };
  return {
    provider,
    renderer: o.renderer,
    opener,
    server: { label: o.label, origin: o.url.origin },
    era: o.era,
    ...(s?.callbackPort !== undefined && { callbackPort: s.callbackPort }),
    ...(timeoutMs !== undefined && { timeoutMs }),
  };
}

// MCP_ELICIT_SIGN_IN_TIMEOUT: seconds to wait for the browser to come back (default 300).
export function timeoutFrom(env: NodeJS.ProcessEnv): number | undefined {
  const text = env.MCP_ELICIT_SIGN_IN_TIMEOUT;
  if (text === undefined || !/^\d+(?:\.\d+)?$/.test(text) || Number(text) <= 0) return undefined;
  return Number(text) * 1000;
}
