// The device authorization grant (RFC 8628) as a small state machine: `startDeviceFlow` asks for a
// code (§3.1-3.2) and gives back what a person needs (verification URI, user code, expiry);
// `DeviceFlow.poll` asks the token endpoint once (§3.4) and says whether to wait or what came;
// `DeviceFlow.waitForTokens` polls on an injectable clock until tokens, a refusal or the expiry
// (§3.5). The SDK has no device grant: discovery, registration, client authentication at the token
// endpoint, token parsing and OAuth errors are its own (`fetchToken`, `parseErrorResponse`).
import {
  type AuthorizationServerMetadata,
  type FetchLike,
  fetchToken,
  type OAuthClientInformationMixed,
  type OAuthClientProvider,
  OAuthError,
  type OAuthTokens,
  parseErrorResponse,
  selectClientAuthMethod,
} from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';
import { abortableSleep, type DeviceClock, systemClock } from './device-clock.js';
import { DEVICE_GRANT } from './device-metadata.js';
import { type DeviceAuthorization, parseDeviceAuthorization } from './device-response.js';

export { DEVICE_GRANT } from './device-metadata.js';

export type { DeviceAuthorization } from './device-response.js';

/** `slow_down` adds this to the interval, for that and every later request (§3.5). */
const SLOW_DOWN_MS = 5_000;
/** A connection failure doubles the interval up to this (§3.5: back off). */
const MAX_BACKOFF_MS = 60_000;

/** What starting a device flow needs: the SDK's discovery and registration results. */
export interface DeviceFlowStart {
  readonly provider: OAuthClientProvider;
  readonly metadata: AuthorizationServerMetadata;
  /** The device authorization endpoint (see device-metadata.ts). */
  readonly endpoint: string;
  readonly client: OAuthClientInformationMixed;
  readonly scope?: string;
  /** The MCP server as an RFC 8707 resource indicator, sent on both requests. */
  readonly resource?: string;
  readonly fetch?: FetchLike;
  readonly clock?: DeviceClock;
}

/** One poll's result: wait `waitMs` and poll again, or the tokens. */
export type DevicePoll =
  | { readonly kind: 'wait'; readonly waitMs: number }
  | { readonly kind: 'tokens'; readonly tokens: OAuthTokens };

/** Asks the device authorization endpoint for a code (§3.1) and returns the flow to poll. */
export async function startDeviceFlow(start: DeviceFlowStart): Promise<DeviceFlow> {
  const { endpoint } = start;
  const body = new URLSearchParams();
  const headers = new Headers({
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  });
  authenticate(start.client, start.metadata, headers, body);
  if (start.scope) body.set('scope', start.scope);
  if (start.resource !== undefined) body.set('resource', start.resource);
  const response = await (start.fetch ?? fetch)(endpoint, { method: 'POST', headers, body });
  if (!response.ok) throw await parseErrorResponse(response);
  const clock = start.clock ?? systemClock;
  const parsed = parseDeviceAuthorization(await response.json().catch(() => undefined), clock.now());
  return new DeviceFlow(start, parsed, clock);
}

/** A started device flow: what to show, and the polling. */
export class DeviceFlow {
  readonly authorization: DeviceAuthorization;
  readonly #start: DeviceFlowStart;
  readonly #deviceCode: string;
  readonly #clock: DeviceClock;
  #intervalMs: number;

  constructor(
    start: DeviceFlowStart,
    parsed: { authorization: DeviceAuthorization; deviceCode: string; intervalMs: number },
    clock: DeviceClock,
  ) {
    this.#start = start;
    this.authorization = parsed.authorization;
    this.#deviceCode = parsed.deviceCode;
    this.#intervalMs = parsed.intervalMs;
    this.#clock = clock;
  }

  /** The authorization server the tokens come from. */
  get issuer(): string {
    return this.#start.metadata.issuer;
  }

  /** The wait before the next poll, as the server last asked (`interval`, `slow_down`). */
  get intervalMs(): number {
    return this.#intervalMs;
  }

  /** Asks the token endpoint once (§3.4); throws on a refusal, an expiry or any other error. */
  async poll(): Promise<DevicePoll> {
    if (this.#clock.now() >= this.authorization.expiresAt) throw expired();
    const { provider, metadata, resource } = this.#start;
    const params = new URLSearchParams({ grant_type: DEVICE_GRANT, device_code: this.#deviceCode });
    try {
      const tokens = await fetchToken(withTokenRequest(provider, params), metadata.issuer, {
        metadata,
        ...(resource !== undefined && { resource }),
        ...(this.#start.fetch && { fetchFn: this.#start.fetch }),
      });
      return { kind: 'tokens', tokens };
    } catch (error) {
      return { kind: 'wait', waitMs: this.#onError(error) };
    }
  }

  /** Polls every interval until tokens come; `signal` stops it (the sign-in was cancelled). */
  async waitForTokens(signal?: AbortSignal): Promise<OAuthTokens> {
    let waitMs = this.#intervalMs;
    for (;;) {
      // §3.5: never sooner than the interval, the first poll included.
      await abortableSleep(this.#clock, waitMs, signal);
      const result = await this.poll();
      if (result.kind === 'tokens') return result.tokens;
      waitMs = result.waitMs;
    }
  }

  // §3.5: pending waits, slow_down waits 5 s longer from now on, a connection failure backs off;
  // access_denied, expired_token and any other error stop the polling.
  #onError(error: unknown): number {
    if (OAuthError.isInstance(error)) {
      const code = String(error.code);
      if (code === 'authorization_pending') return this.#intervalMs;
      if (code === 'slow_down') {
        this.#intervalMs += SLOW_DOWN_MS;
        return this.#intervalMs;
      }
      if (code === 'access_denied')
        throw new ElicitError('sign-in-failed', 'the sign-in was denied at the authorization server', {
          cause: error,
        });
      if (code === 'expired_token') throw expired(error);
      throw error;
    }
    if (!(error instanceof TypeError)) throw error;
    this.#intervalMs = Math.min(this.#intervalMs * 2, MAX_BACKOFF_MS);
    return this.#intervalMs;
  }
}

function expired(cause?: unknown): ElicitError {
  return new ElicitError(
    'sign-in-failed',
    'the device code expired before it was approved; start the sign-in again',
    {
      ...(cause !== undefined && { cause }),
    },
  );
}

// Client authentication at the device endpoint, as at the token endpoint (§3.1, RFC 6749 §2.3.1).
function authenticate(
  client: OAuthClientInformationMixed,
  metadata: AuthorizationServerMetadata,
  headers: Headers,
  body: URLSearchParams,
): void {
  const method = selectClientAuthMethod(client, metadata.token_endpoint_auth_methods_supported ?? []);
  const secret = client.client_secret;
  if (method === 'client_secret_basic' && secret !== undefined) {
    headers.set('authorization', `Basic ${btoa(`${encode(client.client_id)}:${encode(secret)}`)}`);
    return;
  }
  body.set('client_id', client.client_id);
  if (method === 'client_secret_post' && secret !== undefined) body.set('client_secret', secret);
}

// RFC 6749 §2.3.1: the ID and secret are form-encoded before Basic encoding.
function encode(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, '+');
}

// The provider as the SDK's fetchToken sees it, asking for the device grant instead of a code.
function withTokenRequest(provider: OAuthClientProvider, params: URLSearchParams): OAuthClientProvider {
  return new Proxy(provider, {
    get(target, key) {
      if (key === 'prepareTokenRequest') return () => params;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
