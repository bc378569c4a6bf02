// The sign-in around the SDK's auth(): when a connect or a request ends in UnauthorizedError, the
// SDK has already discovered, registered and built the authorization URL (recorded by the
// provider). Here: ask consent (the URL-mode prompt of the front-end, same URL analysis), open the
// page, wait on the loopback listener for the right `state` (and `iss`), or for the address
// pasted back when the browser is on another machine (paste-back.ts), then hand the whole callback
// query to `finishAuth` (which checks `iss` again and redeems the code). Sign-ins per session are capped
// a server that keeps asking is a permanent failure, not a loop).
import { type Transport, UnauthorizedError } from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';
import type { Era } from '../contracts/protocol.js';
import type { Renderer } from '../contracts/renderer.js';
import type { ServerIdentity } from '../contracts/server-identity.js';
import type { UrlOpener } from '../contracts/url-step.js';
import { sanitizeText } from '../core/sanitize.js';
import type { UrlAnalysis } from '../core/url-safety.js';
import { tapOf } from '../mcp/transport-tap.js';
import type { CallbackExpectation } from './callback-check.js';
import { type Callback, type CallbackListener, startCallbackListener } from './callback-listener.js';
import type { DeviceClock } from './device-clock.js';
import type { DeviceAuthorization } from './device-flow.js';
import { DEVICE_GRANT } from './device-metadata.js';
import { deviceSignIn } from './device-sign-in.js';
import { parkedCallback } from './parked-sign-in.js';
import { listenerOrPaste, PASTE_BACK_NOTICE } from './paste-back.js';
import type { SignInProvider } from './provider.js';
import type { SignInMethod } from './settings.js';
import { signInError } from './sign-in-errors.js';
import { offerSignInPage } from './sign-in-page.js';

/** The first sign-in and two more (step-up, a refused refresh): the third is the last. */
export const MAX_SIGN_INS = 3;
/** How long the listener waits for the browser to come back. */
export const DEFAULT_SIGN_IN_TIMEOUT_MS = 5 * 60_000;

/** What a sign-in needs besides the provider: who asks, and how to ask and open. */
export interface SignInOptions {
  /** The provider the transport was given as its `authProvider`. */
  readonly provider: SignInProvider;
  /** Asks consent through its URL-mode prompt; without `url` nobody can consent. */
  readonly renderer: Renderer;
  /** Opens the consented page (BROWSER, the system browser, or a test stand-in). */
  readonly opener: UrlOpener;
  /** The server being signed in to, as prompts name it. */
  readonly server: ServerIdentity;
  /** The era asked for, for the prompt context. */
  readonly era?: Era;
  /** A fixed loopback port (an authorization server that needs a registered redirect URI). */
  readonly callbackPort?: number;
  /** How long to wait for the browser to come back (default 5 minutes). */
  readonly timeoutMs?: number;
  /** Sign-ins allowed in all (default `MAX_SIGN_INS`). */
  readonly maxSignIns?: number;
  /** Aborts a sign-in in progress. */
  readonly signal?: AbortSignal;
  /** How the person signs in; by default a browser, or a device code when none can come back. */
  readonly method?: SignInMethod;
  /** No browser can come back to this machine (SSH without BROWSER or DISPLAY, --no-browser). */
  readonly browserElsewhere?: boolean;
  /** The device flow's clock (tests). */
  readonly clock?: DeviceClock;
  /** Told a device code when one is shown (the proxy's page shows it too). */
  readonly onDeviceCode?: (authorization: DeviceAuthorization) => void;
}

// Paste-back opens nothing on this machine: the consented address is shown with the paste prompt.
const SHOWN_WITH_PROMPT: UrlOpener = { open: async () => ({ ok: true }) };

/** Something whose `finishAuth` redeems a callback: the SDK's Streamable HTTP (or SSE) transport. */
export interface FinishesAuth {
  /** Checks `iss`, redeems the code and saves the tokens (the SDK's transport method). */
  finishAuth(params: URLSearchParams): Promise<void>;
}

// A dynamically registered client whose registration leaves the device grant out.
function lacksDeviceGrant(provider: SignInProvider): boolean {
  const issuer = provider.discoveryState()?.authorizationServerMetadata?.issuer;
  const client = issuer === undefined ? undefined : provider.clientInformation({ issuer });
  const grants = (client as { grant_types?: unknown } | undefined)?.grant_types;
  return Array.isArray(grants) && !grants.includes(DEVICE_GRANT);
}

/** Whether the sign-in happened, or the attempt must be repeated now that a port is bound. */
export type SignInResult = 'signed-in' | 'retry';

/** The sign-ins of one connection (and its reconnects), sharing one listener port and one cap. */
export class SignInSession {
  readonly #options: SignInOptions;
  #listener: CallbackListener | undefined;
  #count = 0;
  #running: Promise<SignInResult> | undefined;

  constructor(options: SignInOptions) {
    this.#options = options;
    if (options.callbackPort !== undefined) options.provider.setCallbackPort(options.callbackPort);
  }

  /** Binds the listener now when a sign-in is likely (no usable token), so the redirect URI has its port. */
  async prepare(): Promise<void> {
    const { provider } = this.#options;
    if (provider.callbackPort === undefined && !provider.hasUsableToken()) await this.#bind();
  }

  /** How many sign-ins ran (the count the cap applies to). */
  get count(): number {
    return this.#count;
  }

  /** Runs one sign-in for the authorization URL the SDK just recorded; concurrent callers share it. */
  signIn(transport: FinishesAuth): Promise<SignInResult> {
    this.#running ??= this.#signIn(transport).finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  /**
   * After a connect: a request that ends in UnauthorizedError (step-up on 403 insufficient_scope,
   * a refused refresh, a moved authorization server) signs in and is sent again.
   */
  retryRequestsOf(transport: FinishesAuth & Transport): void {
    tapOf(transport).outbound('sign-in-retry', async (message, options, pass) => {
      for (;;) {
        try {
          return await pass(message, options);
        } catch (error) {
          if (!UnauthorizedError.isInstance(error)) throw error;
          await this.signIn(transport);
        }
      }
    });
  }

  /** Closes the listener, if one is open. */
  async close(): Promise<void> {
    await this.#listener?.close();
    this.#listener = undefined;
  }

  async #signIn(transport: FinishesAuth): Promise<SignInResult> {
    const { provider, server } = this.#options;
    const pending = provider.takeAuthorization();
    if (pending === undefined)
      throw new ElicitError(
        'sign-in-failed',
        `${server.label} refused the request, and no sign-in could start`,
      );
    const { url, analysis } = pending;
    const deviceEndpoint = await this.#deviceEndpoint();
    if (deviceEndpoint !== undefined && lacksDeviceGrant(provider)) {
      // Registered before the device endpoint was known: register again, naming the grant.
      await provider.invalidateCredentials('client');
      return 'retry';
    }
    if (deviceEndpoint !== undefined) return this.#deviceSignIn(url, deviceEndpoint);
    if (
      url.searchParams.get('redirect_uri') !== provider.redirectUrl ||
      provider.callbackPort === undefined
    ) {
      // Built before a port was bound (a stored token turned out unusable): bind, then ask again.
      await this.#bind();
      await provider.forgetPortlessRegistrations();
      return 'retry';
    }
    this.#countOne();
    const listener = this.#listener ?? (await this.#bind());
    const stop = new AbortController();
    const outer = this.#options.signal;
    const onOuter = () => stop.abort();
    outer?.addEventListener('abort', onOuter, { once: true });
    try {
      const callback = await this.#awaitCallback(listener, analysis, stop.signal);
      try {
        await transport.finishAuth(callback.params);
      } catch (error) {
        callback.respond({ ok: false, reason: 'mcp-elicit could not complete the sign-in.' });
        throw error;
      }
      callback.respond({ ok: true });
      return 'signed-in';
    } catch (error) {
      throw signInError(error, server.label);
    } finally {
      stop.abort();
      outer?.removeEventListener('abort', onOuter);
      await this.close();
    }
  }

  // The page offered, then the browser's answer: on the listener, or pasted back when no browser
  // can come back here and the front-end can read a line (whichever comes first).
  async #awaitCallback(
    listener: CallbackListener,
    analysis: UrlAnalysis,
    signal: AbortSignal,
  ): Promise<Callback> {
    const { provider, renderer, server } = this.#options;
    const state = provider.expectedState();
    if (state === undefined) throw new ElicitError('sign-in-failed', 'the sign-in has no state to check');
    const metadata = provider.discoveryState()?.authorizationServerMetadata;
    const expected: CallbackExpectation = { state, ...(metadata !== undefined && { metadata }) };
    // --park: nothing asked or opened here; the sign-in is listed like a question (parked-sign-in.ts).
    if (renderer.parkSignIn !== undefined)
      return parkedCallback({ ...this.#options, signal }, { analysis, listener, expected });
    // Waiting before the page opens: a fast browser (or a stand-in) may come back at once.
    const waiting = listener.wait(expected, {
      timeoutMs: this.#options.timeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS,
      signal,
    });
    waiting.catch(() => {});
    const pasteBack = this.#options.browserElsewhere === true && renderer.readLine !== undefined;
    if (pasteBack) renderer.notice?.({ kind: 'info', server, message: PASTE_BACK_NOTICE });
    await offerSignInPage(
      { message: this.#message(analysis, pasteBack), analysis },
      // Nothing opens here: the address is shown with the paste prompt, to open elsewhere.
      { ...this.#options, ...(pasteBack && { opener: SHOWN_WITH_PROMPT }), signal },
    );
    if (pasteBack) {
      const { redirectUrl } = listener;
      return listenerOrPaste(waiting, {
        renderer,
        server,
        signInUrl: analysis.href,
        redirectUrl,
        expected,
        signal,
      });
    }
    const waitingLine = 'Waiting for the sign-in to finish in the browser; press Ctrl-C to stop.';
    renderer.notice?.({ kind: 'info', server, message: waitingLine });
    return waiting;
  }

  // The device grant when asked for, or by itself (said in one line) when no browser can come back.
  async #deviceEndpoint(): Promise<string | undefined> {
    const { provider, server, method, browserElsewhere } = this.#options;
    if (method === 'browser' || (method === undefined && browserElsewhere !== true)) return undefined;
    const endpoint = await provider.deviceEndpoint();
    if (method === 'device' && endpoint === undefined)
      throw new ElicitError(
        'sign-in-failed',
        `--sign-in device was asked for, but the authorization server of ${server.label} does not offer the device grant (RFC 8628); leave it out to sign in through a browser`,
      );
    if (method === 'device' || endpoint === undefined) return endpoint;
    const message = 'No browser can come back to this machine: signing in with a device code instead.';
    this.#options.renderer.notice?.({ kind: 'info', server, message });
    return endpoint;
  }

  async #deviceSignIn(authorizationUrl: URL, endpoint: string): Promise<SignInResult> {
    this.#countOne();
    const o = this.#options;
    try {
      await deviceSignIn({
        ...o,
        authorizationUrl,
        endpoint,
        offerToOpen: o.browserElsewhere !== true,
        ...(o.onDeviceCode !== undefined && { onCode: o.onDeviceCode }),
      });
      return 'signed-in';
    } catch (error) {
      throw signInError(error, o.server.label);
    } finally {
      await this.close();
    }
  }

  #countOne(): void {
    if (this.#count >= (this.#options.maxSignIns ?? MAX_SIGN_INS)) {
      throw new ElicitError(
        'sign-in-failed',
        `${this.#options.server.label} still refuses after ${this.#count} sign-ins; giving up (it may need a scope this account cannot get)`,
      );
    }
    this.#count++;
  }

  #message(analysis: UrlAnalysis, pasteBack: boolean): string {
    const site = sanitizeText(analysis.unicodeHost || new URL(analysis.href).host, { maxLength: 120 });
    const label = this.#options.server.label;
    if (pasteBack)
      return `${label} needs you to sign in at the sign-in page of ${site}, in a browser on any machine; its address is shown next.`;
    return `${label} needs you to sign in. Your browser will open the sign-in page of ${site}.`;
  }

  async #bind(): Promise<CallbackListener> {
    const { provider, server } = this.#options;
    await this.#listener?.close();
    const listener = await startCallbackListener(provider.callbackPort ?? 0, server.label);
    provider.setCallbackPort(listener.port);
    this.#listener = listener;
    return listener;
  }
}
