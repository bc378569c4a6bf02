// The OAuthClientProvider the SDK's auth() and transports drive (the A rules). It keeps everything
// in the private store, records the authorization URL instead of opening it (the sign-in flow asks
// first), makes and checks `state` (the SDK never checks it, G-04), refuses an authorization server
// without PKCE S256 (G-01), pins pre-registered credentials to their issuer (A-14, G-08), and keeps
// an absolute expiry so an expired token is refreshed before it is sent (G-11).
import { randomBytes } from 'node:crypto';
import type {
  FetchLike,
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';
import {
  analyseSignInUrl,
  assertMetadataFound,
  assertPkceS256,
  assertResourceIsServer,
  type PendingAuthorization,
} from './authorization-check.js';
import { AUTH_REQUEST_TIMEOUT_MS } from './bounded-fetch.js';
import { DeviceEndpoints, isMetadataAddress } from './device-metadata.js';
import { checkExpiresIn, checkTokenType } from './peer-documents.js';
import { isExpired, preRegistered, redirectUris, signInKey } from './provider-parts.js';
import { type AuthRecord, AuthStore, type SavedTokens } from './store.js';
import { emptyRecord } from './store-record.js';
import { watchFetch } from './watch-fetch.js';

/** The path of the loopback redirect URI (RFC 8252 §7.3). */
export const CALLBACK_PATH = '/callback';

/** How to sign in to one server. */
export interface SignInProviderOptions {
  /** The MCP endpoint. */
  readonly serverUrl: URL;
  /** Where registrations and tokens live; the default store for `process.env` when omitted. */
  readonly store?: AuthStore;
  /** A pre-registered client ID; without one, CIMD or dynamic registration is used. */
  readonly clientId?: string;
  /** The pre-registered client's secret (from the environment, never a command line; not stored). */
  readonly clientSecret?: string;
  /** A client ID metadata document URL (https, with a path), used when the server supports CIMD. */
  readonly clientMetadataUrl?: string;
  /** Scopes to ask for instead of the ones the server names (space-separated). */
  readonly scope?: string;
  /** `client_name` sent when registering. */
  readonly clientName?: string;
  /** Epoch milliseconds; injectable for tests. */
  readonly now?: () => number;
  /** The longest one request to the authorization side may take (default 30 s). */
  readonly requestTimeoutMs?: number;
}

/** The sign-in provider for one server; create it with `SignInProvider.open`. */
export class SignInProvider implements OAuthClientProvider {
  /** Set only when given: `undefined` would read as "use CIMD" to nothing (G-14). */
  declare clientMetadataUrl?: string;
  readonly #options: SignInProviderOptions;
  readonly #store: AuthStore;
  #record: AuthRecord;
  #port: number | undefined;
  #authorization: PendingAuthorization | undefined;
  #saving: Promise<void> = Promise.resolve();
  readonly #deviceEndpoints = new DeviceEndpoints();

  private constructor(options: SignInProviderOptions, store: AuthStore, record: AuthRecord) {
    this.#options = options;
    this.#store = store;
    this.#record = record;
    if (options.clientMetadataUrl !== undefined) this.clientMetadataUrl = options.clientMetadataUrl;
  }

  /** Loads the stored state for the server (a corrupt store file is an ElicitError). */
  static async open(options: SignInProviderOptions): Promise<SignInProvider> {
    const store = options.store ?? AuthStore.forEnv();
    return new SignInProvider(options, store, await store.load(signInKey(options)));
  }

  /** The server's canonical URL, as the store keys it. */
  get server(): string {
    return this.#record.server;
  }

  /** The loopback port the redirect URI names; set before a sign-in can start. */
  setCallbackPort(port: number): void {
    this.#port = port;
  }

  /** The loopback port, once one is chosen. */
  get callbackPort(): number | undefined {
    return this.#port;
  }

  get redirectUrl(): string {
    // Without a port yet the URI is incomplete; the flow notices and binds one (sign-in.ts).
    return `http://127.0.0.1${this.#port === undefined ? '' : `:${this.#port}`}${CALLBACK_PATH}`;
  }

  get clientMetadata(): OAuthClientMetadata {
    const secret = this.#options.clientSecret !== undefined;
    return {
      client_name: this.#options.clientName ?? 'mcp-elicit',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token', ...this.#deviceEndpoints.grants(this.#issuer())],
      response_types: ['code'],
      token_endpoint_auth_method: secret ? 'client_secret_basic' : 'none',
      application_type: 'native',
    };
  }

  /** True when a stored access token can be sent without a sign-in (it may still be refused). */
  hasUsableToken(): boolean {
    const saved = this.#current()?.tokens;
    return saved !== undefined && !this.#expired(saved);
  }

  /** True when the stored access token has expired and a refresh token is there to renew it. */
  needsRefresh(): boolean {
    const saved = this.#current()?.tokens;
    return saved !== undefined && this.#expired(saved) && typeof saved.tokens.refresh_token === 'string';
  }

  /** The lock processes signed in to this server share while one of them refreshes. */
  get lockFile(): string {
    return `${this.#store.fileFor(this.#record)}.lock`;
  }

  /** Reads the record again (another process may have refreshed the tokens meanwhile). */
  async reload(): Promise<void> {
    await this.#saving.catch(() => {});
    this.#record = await this.#store.load(this.#record);
  }

  /** True when some token (perhaps expired, perhaps refreshable) is stored. */
  hasStoredTokens(): boolean {
    return this.#current()?.tokens !== undefined;
  }

  async state(): Promise<string> {
    const state = randomBytes(32).toString('base64url');
    this.#record.pending = { ...this.#record.pending, state };
    await this.#save();
    return state;
  }

  /** The `state` the callback must carry, when a sign-in is in progress. */
  expectedState(): string | undefined {
    return this.#record.pending?.state;
  }

  clientInformation(ctx?: OAuthClientInformationContext): StoredOAuthClientInformation | undefined {
    const { clientId, clientSecret } = this.#options;
    if (clientId !== undefined)
      return preRegistered({ clientId, clientSecret }, this.server, this.#record.pinnedIssuer, ctx);
    const issuer = ctx?.issuer ?? this.#record.current;
    return issuer === undefined ? undefined : this.#record.issuers[issuer]?.client;
  }

  async saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext) {
    const issuer = ctx?.issuer ?? info.issuer;
    if (issuer === undefined) return;
    // A pre-registered client's secret stays out of the store; only its issuer is remembered.
    if (this.#options.clientId !== undefined) this.#record.pinnedIssuer ??= issuer;
    else this.#record.issuers[issuer] = { ...this.#record.issuers[issuer], client: info };
    await this.#save();
  }

  tokens(ctx?: OAuthClientInformationContext): StoredOAuthTokens | undefined {
    const saved = (ctx ? this.#record.issuers[ctx.issuer] : this.#current())?.tokens;
    if (saved === undefined) return undefined;
    // The per-request read: an expired token is not sent, so the 401 leads to a refresh.
    if (!ctx && this.#expired(saved)) return undefined;
    return saved.tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): Promise<void> {
    const issuer = ctx?.issuer ?? tokens.issuer ?? this.#record.current;
    if (issuer === undefined) throw new ElicitError('sign-in-failed', 'tokens came without an issuer');
    // Checked before anything is stored: a number from a peer must make a valid date (issue 31).
    checkTokenType(tokens.token_type, issuer);
    const expiresIn = checkExpiresIn(tokens.expires_in, issuer);
    const now = this.#now();
    this.#record.issuers[issuer] = {
      ...this.#record.issuers[issuer],
      tokens: { tokens, savedAt: now, ...(expiresIn !== undefined && { expiresAt: now + expiresIn * 1000 }) },
    };
    this.#record.current = issuer;
    delete this.#record.pending;
    await this.#save();
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    assertPkceS256(this.#record.discovery?.authorizationServerMetadata, this.server);
    const url = new URL(authorizationUrl.href);
    if (this.#options.scope !== undefined) url.searchParams.set('scope', this.#options.scope);
    const analysis = await analyseSignInUrl(url, this.server, this.#options.serverUrl.origin);
    this.#authorization = { url, analysis };
  }

  /** Forgets registrations made before the listener had a port (their redirect URI has none). */
  async forgetPortlessRegistrations(): Promise<void> {
    const portless = `http://127.0.0.1${CALLBACK_PATH}`;
    for (const entry of Object.values(this.#record.issuers))
      if (redirectUris(entry.client).includes(portless)) delete entry.client;
    await this.#save();
  }

  /** The authorization URL the SDK asked to open, with its analysis, once (the flow opens it after consent). */
  takeAuthorization(): PendingAuthorization | undefined {
    const taken = this.#authorization;
    this.#authorization = undefined;
    return taken;
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    this.#record.pending = { ...this.#record.pending, verifier: codeVerifier };
    await this.#save();
  }

  codeVerifier(): string {
    const verifier = this.#record.pending?.verifier;
    if (verifier === undefined) throw new ElicitError('sign-in-failed', 'no sign-in is in progress');
    return verifier;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    // Checked here, before any registration or token request, so nothing is sent or stored (A-08).
    assertResourceIsServer(state.resourceMetadata?.resource, this.#options.serverUrl);
    assertMetadataFound(state, this.#options.serverUrl);
    this.#record.discovery = state;
    await this.#save();
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#record.discovery;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const record = this.#record;
    if (scope === 'all') {
      const { pinnedIssuer } = record;
      this.#record = { ...emptyRecord(record.server, record.client), ...(pinnedIssuer && { pinnedIssuer }) };
    }
    if (scope === 'client' || scope === 'tokens') {
      for (const entry of Object.values(record.issuers)) delete entry[scope];
    }
    if (scope === 'verifier') delete record.pending;
    if (scope === 'discovery' || scope === 'all') delete this.#record.discovery;
    await this.#save();
  }

  /** The transport's fetch, wrapped (see watch-fetch.ts). */
  watchFetch(inner: FetchLike = fetch, onUnauthorized?: (carriedToken: boolean) => void): FetchLike {
    return watchFetch(inner, {
      ...(onUnauthorized && { onUnauthorized }),
      serverUrl: this.#options.serverUrl,
      endpoint: this.server,
      timeoutMs: this.#options.requestTimeoutMs ?? AUTH_REQUEST_TIMEOUT_MS,
      metadata: () => this.#record.discovery?.authorizationServerMetadata,
      onRefused: () => this.invalidateCredentials('discovery'),
      // The SDK's metadata schema drops the device endpoint: it is read from the documents as they pass.
      onDocument: (input, response) =>
        isMetadataAddress(input) ? this.#deviceEndpoints.note(response.clone()) : Promise.resolve(),
    });
  }

  /** The device authorization endpoint of the current authorization server, when it offers one. */
  deviceEndpoint(fetchFn: FetchLike = fetch): Promise<string | undefined> {
    return this.#deviceEndpoints.find(this.#issuer(), this.watchFetch(fetchFn));
  }

  #issuer(): string | undefined {
    return this.#record.discovery?.authorizationServerMetadata?.issuer;
  }

  #current() {
    const issuer = this.#record.current;
    return issuer === undefined ? undefined : this.#record.issuers[issuer];
  }

  #expired(saved: SavedTokens | undefined): boolean {
    return isExpired(saved, this.#now());
  }

  #now = (): number => this.#options.now?.() ?? Date.now();

  // Saves run one after another, each writing the whole record as it is then.
  #save(): Promise<void> {
    this.#saving = this.#saving.catch(() => {}).then(() => this.#store.save(this.#record));
    return this.#saving;
  }
}

export { canonicalServerUrl, signInKey } from './provider-parts.js';
