// Connecting an SDK Client to a server that may need a sign-in: connect; on UnauthorizedError sign
// in and connect again on a NEW transport (a started one cannot restart); once connected, a
// request that needs a new sign-in (step-up, a refused refresh) signs in and is sent again. All
// sign-ins share one cap.
import {
  auth,
  type Client,
  type FetchLike,
  SdkErrorCode,
  SdkHttpError,
  type StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { createGuardedHttpTransport } from '../mcp/guarded-http.js';
import { SignInProvider } from './provider.js';
import { refreshBeforeFirstRequest } from './refresh-first.js';
import { type SignInOptions, SignInSession } from './sign-in.js';
import { RefusalWatch } from './token-refusal.js';

/** What a transport for the signed-in connection is given. */
export interface SignInTransportParts {
  /** The provider, for the transport's `authProvider`. */
  readonly authProvider: SignInProvider;
  /** The provider's fetch wrapper (discovery reset on a refused token, size limits). */
  readonly fetch: FetchLike;
}

/** Options of `connectWithSignIn`. */
export interface ConnectWithSignInOptions extends Omit<SignInOptions, 'provider' | 'server'> {
  /** The MCP endpoint. */
  readonly url: URL;
  /** A new Client for each attempt (attach elicitation to it here). */
  readonly newClient: () => Client;
  /** The provider; by default one on the store for `process.env`. */
  readonly provider?: SignInProvider;
  /** How prompts name the server; by default its host. */
  readonly server?: SignInOptions['server'];
  /** Options for `client.connect`. */
  readonly connectOptions?: Parameters<Client['connect']>[1];
  /** Builds the transport; by default the guarded Streamable HTTP transport with these parts. */
  readonly newTransport?: (parts: SignInTransportParts) => StreamableHTTPClientTransport;
  /**
   * Sign in once connected when no usable token is stored, even if the server answered without
   * one (a cached era skips the request that would get the 401; some servers let `initialize` in).
   */
  readonly signInNow?: boolean;
}

// The SDK's own auth(): a refresh when a refresh token is stored, else discovery, registration
// and the authorization URL, which the session then asks about and completes.
async function signInNow(
  session: SignInSession,
  transport: StreamableHTTPClientTransport,
  provider: SignInProvider,
  serverUrl: URL,
): Promise<void> {
  while (!provider.hasUsableToken()) {
    const result = await auth(provider, { serverUrl, fetchFn: provider.watchFetch() });
    if (result === 'AUTHORIZED') return;
    await session.signIn(transport);
  }
}

/** A connected client whose requests sign in again when the server asks. */
export interface SignedInConnection {
  /** The connected client. */
  readonly client: Client;
  /** Its transport, which signs in again when a request needs it. */
  readonly transport: StreamableHTTPClientTransport;
  /** The provider holding the tokens. */
  readonly provider: SignInProvider;
  /** Closes the client and the sign-in listener, if one is open. */
  close(): Promise<void>;
}

/**
 * Connects `newClient()` to `url`, signing in first when the server answers 401: consent through
 * `renderer.url`, the page opened with `opener`, the redirect received on 127.0.0.1, the code
 * redeemed by the SDK (`finishAuth`, which checks `iss`). Tokens are kept in the provider's store.
 */
export async function connectWithSignIn(options: ConnectWithSignInOptions): Promise<SignedInConnection> {
  const provider = options.provider ?? (await SignInProvider.open({ serverUrl: options.url }));
  const session = new SignInSession({
    ...options,
    provider,
    server: options.server ?? { label: options.url.host, origin: options.url.origin },
  });
  const newTransport = options.newTransport ?? ((parts) => createGuardedHttpTransport(options.url, parts));
  try {
    await session.prepare();
    await refreshBeforeFirstRequest(provider, options.url);
    let rediscovered = false;
    const refusals = new RefusalWatch();
    for (;;) {
      const client = options.newClient();
      const transport = newTransport({
        authProvider: provider,
        fetch: provider.watchFetch(fetch, refusals.note),
      });
      try {
        await client.connect(transport, options.connectOptions);
      } catch (error) {
        const unauthorized = UnauthorizedError.isInstance(error);
        // A token refused right after a refresh dropped the cached discovery (watchFetch): once,
        // start over, so the sign-in goes where the metadata now points (a moved server, G-06).
        const refused: boolean =
          !rediscovered && refusedAfterRefresh(error) && provider.discoveryState() === undefined;
        rediscovered ||= refused;
        try {
          if (unauthorized) await session.signIn(transport);
        } finally {
          await client.close().catch(() => {});
        }
        if (unauthorized || refused) continue;
        throw refusedAfterRefresh(error)
          ? refusals.error(provider, options.server?.label ?? options.url.host, error)
          : error;
      }
      if (options.signInNow === true) await signInNow(session, transport, provider, options.url);
      session.retryRequestsOf(transport);
      // Connected: the port stays chosen for a later sign-in, but nothing listens until then.
      await session.close();
      return {
        client,
        transport,
        provider,
        close: async () => {
          await client.close();
          await session.close();
        },
      };
    }
  } catch (error) {
    await session.close();
    throw error;
  }
}

function refusedAfterRefresh(error: unknown): boolean {
  return SdkHttpError.isInstance(error) && error.code === SdkErrorCode.ClientHttpAuthentication;
}
