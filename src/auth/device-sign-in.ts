// A person's sign-in with a device code (RFC 8628), once the SDK has discovered the authorization
// server and registered the client (it recorded an authorization URL, whose `scope` and `resource`
// are the ones to ask for): ask for a code, show the verification address (analysed like any URL
// a person is asked to open) and the user code, offer to open the page where a browser can, poll,
// and store the tokens as every sign-in does. Nothing here prompts: without a person at a
// terminal the code is shown and the polling alone completes the sign-in.
import type { OAuthTokens } from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';
import { sanitizeText } from '../core/sanitize.js';
import { analyseSignInUrl } from './authorization-check.js';
import type { DeviceClock } from './device-clock.js';
import { type DeviceAuthorization, type DeviceFlow, startDeviceFlow } from './device-flow.js';
import { parkedDeviceTokens } from './parked-sign-in.js';
import type { SignInProvider } from './provider.js';
import { offerSignInPage, type SignInPageDeps } from './sign-in-page.js';

/** What a device sign-in needs. */
export interface DeviceSignInOptions extends SignInPageDeps {
  readonly provider: SignInProvider;
  /** The authorization URL the SDK built: its `scope` and `resource` are asked for here too. */
  readonly authorizationUrl: URL;
  /** The device authorization endpoint (the provider found it). */
  readonly endpoint: string;
  /** Offer to open the verification page on this machine (false when no browser can come back). */
  readonly offerToOpen: boolean;
  readonly clock?: DeviceClock;
  /** Told the code and where to enter it, before the polling starts (the proxy's page shows it). */
  readonly onCode?: (authorization: DeviceAuthorization) => void;
}

/** Runs a device sign-in to the end: the tokens are stored when it resolves. */
export async function deviceSignIn(o: DeviceSignInOptions): Promise<void> {
  const flow = await startFor(o);
  const { authorization } = flow;
  const shown = authorization.verificationUriComplete ?? authorization.verificationUri;
  const analysis = await analyseSignInUrl(pageUrl(shown), o.server.label, new URL(o.provider.server).origin);
  // --park: the code is listed like a question, nothing is shown here, and the polling goes on.
  if (o.renderer.parkSignIn !== undefined)
    return parkedDeviceTokens(o, {
      analysis,
      authorization,
      poll: (signal) => flow.waitForTokens(signal),
      save: (tokens) => save(o.provider, flow, tokens),
    });
  for (const message of codeLines(authorization))
    o.renderer.notice?.({ kind: 'info', server: o.server, message });
  o.onCode?.(authorization);
  const stop = new AbortController();
  const onOuter = () => stop.abort();
  o.signal?.addEventListener('abort', onOuter, { once: true });
  try {
    const polling = flow.waitForTokens(stop.signal);
    if (o.offerToOpen && o.renderer.url !== undefined) {
      const code = sanitizeText(authorization.userCode, { maxLength: 64 });
      const message = `${o.server.label} needs you to sign in. Your browser will open the device sign-in page; check that it shows the code ${code}.`;
      // A refusal ends the sign-in; consent lets the polling go on while the page is open.
      const refused = offerSignInPage({ message, analysis }, { ...o, signal: stop.signal }).then(
        () => new Promise<never>(() => {}),
      );
      await save(o.provider, flow, await Promise.race([polling, refused]));
    } else {
      await save(o.provider, flow, await polling);
    }
  } finally {
    stop.abort();
    o.signal?.removeEventListener('abort', onOuter);
  }
}

async function startFor(o: DeviceSignInOptions): Promise<DeviceFlow> {
  const metadata = o.provider.discoveryState()?.authorizationServerMetadata;
  if (metadata === undefined)
    throw new ElicitError(
      'sign-in-failed',
      'no authorization server metadata was found for the device sign-in',
    );
  const client = await o.provider.clientInformation({ issuer: metadata.issuer });
  if (client === undefined)
    throw new ElicitError('sign-in-failed', 'no client is registered for the device sign-in');
  const scope = o.authorizationUrl.searchParams.get('scope');
  const resource = o.authorizationUrl.searchParams.get('resource');
  return startDeviceFlow({
    provider: o.provider,
    metadata,
    endpoint: o.endpoint,
    client,
    fetch: o.provider.watchFetch(),
    ...(scope !== null && { scope }),
    // RFC 8707 on the device request and on every poll.
    ...(resource !== null && { resource }),
    ...(o.clock !== undefined && { clock: o.clock }),
  });
}

function pageUrl(text: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new ElicitError(
      'sign-in-failed',
      'the authorization server gave a verification address that is not a URL',
    );
  }
}

// The tokens are stored under the issuer they came from, as the SDK's own sign-in stores them.
async function save(provider: SignInProvider, flow: DeviceFlow, tokens: OAuthTokens): Promise<void> {
  await provider.saveTokens(tokens, { issuer: flow.issuer });
}

/** What the person is told, a line each: where to go and the code (RFC 8628 §3.3: always the code). */
export function codeLines(a: DeviceAuthorization): string[] {
  const clean = (text: string) => sanitizeText(text, { maxLength: 200 });
  const minutes = Math.max(1, Math.round((a.expiresAt - Date.now()) / 60_000));
  return [
    `To sign in, open ${clean(a.verificationUri)} on any device and enter the code ${clean(a.userCode)}`,
    ...(a.verificationUriComplete === undefined
      ? []
      : [`(or open ${clean(a.verificationUriComplete)}, which fills the code in)`]),
    `The code expires in ${minutes} min. Waiting for approval; press Ctrl-C to stop.`,
  ];
}
