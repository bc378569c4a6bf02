// What the SDK leaves to the host before a browser is sent anywhere: the authorization server must
// support PKCE S256 (A-20; the SDK proceeds when the field is absent, G-01) and the authorization
// URL must be https, or http to this machine (A-29, the same analysis as URL mode).
import {
  type AuthorizationServerMetadata,
  checkResourceAllowed,
  type OAuthDiscoveryState,
  resourceUrlFromServerUrl,
} from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';
import { sanitizeText } from '../core/sanitize.js';
import type { UrlAnalysis } from '../core/url-safety.js';

/** Throws when the metadata does not list S256 in `code_challenge_methods_supported`. */
export function assertPkceS256(metadata: AuthorizationServerMetadata | undefined, server: string): void {
  const methods = metadata?.code_challenge_methods_supported;
  if (Array.isArray(methods) && methods.includes('S256')) return;
  const why =
    metadata === undefined
      ? 'no authorization server metadata was found'
      : 'its metadata does not list PKCE S256 in code_challenge_methods_supported';
  throw new ElicitError(
    'sign-in-failed',
    `cannot sign in to ${server}: ${why}, and signing in without PKCE S256 is refused`,
  );
}

/**
 * Throws when protected resource metadata names another resource than the server (A-08; the
 * SDK's own rule: same origin and a path prefix of the server's URL, checked before it is used).
 */
export function assertResourceIsServer(resource: string | undefined, serverUrl: URL): void {
  if (resource === undefined) return;
  const server = resourceUrlFromServerUrl(serverUrl);
  let allowed = false;
  try {
    allowed = checkResourceAllowed({ requestedResource: server, configuredResource: resource });
  } catch {}
  if (allowed) return;
  throw new ElicitError(
    'sign-in-failed',
    `cannot sign in to ${serverUrl.host}: its protected resource metadata is for another resource (${sanitizeText(resource, { maxLength: 200 })}), so no sign-in was started and no token was sent`,
  );
}

/** An authorization URL the SDK asked to open, analysed once for the consent and the opener. */
export interface PendingAuthorization {
  /** The authorization URL, with any `--scope` applied. */
  readonly url: URL;
  /** Its one URL analysis (with the server's origin), shown at consent; `analysis.href` is opened. */
  readonly analysis: UrlAnalysis;
}

/**
 * The one analysis of an address a sign-in asks a person to open (its consent shows it, its opener
 * opens `analysis.href`); rejects unless it may be opened: https, or http to a loopback address.
 */
export async function analyseSignInUrl(url: URL, server: string, serverOrigin: string): Promise<UrlAnalysis> {
  // Loaded here, not up front: the URL analysis (tldts, tr46) is a few MiB a proxy need not hold.
  const { analyzeUrl } = await import('../core/url-safety.js');
  const analysis = analyzeUrl(url.href, { serverOrigin });
  const loopbackHttp = url.protocol === 'http:' && isLoopback(url.hostname);
  if (analysis.allowed && (url.protocol === 'https:' || loopbackHttp)) return analysis;
  const shown = sanitizeText(url.href, { maxLength: 200 });
  const why =
    url.protocol === 'https:' || loopbackHttp
      ? sanitizeText(analysis.refusal ?? 'it is refused', { maxLength: 200 })
      : 'it is not an https:// address (or http:// on this machine)';
  throw new ElicitError(
    'sign-in-failed',
    `cannot sign in to ${server}: the page ${shown} is not opened: ${why}`,
  );
}

/**
 * Throws before a request to the authorization side leaves for a plain-http address on another
 * machine (E-17: the SDK checks only the token endpoint). The MCP server's own origin keeps the
 * scheme the person chose for it; the error names the step and who named the address.
 */
export function assertSecureEndpoint(
  input: string | URL,
  serverUrl: URL,
  stepOf: (url: URL) => string,
): void {
  const url = new URL(String(input));
  if (url.protocol === 'https:' || url.origin === serverUrl.origin) return;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return;
  const step = stepOf(url);
  const namer = step.includes('metadata')
    ? `${serverUrl.host}'s protected resource metadata`
    : 'the authorization server';
  throw new ElicitError(
    'sign-in-failed',
    `cannot sign in to ${serverUrl.host}: the ${step} would go to ${sanitizeText(url.href, { maxLength: 200 })}, which ${namer} named, but it is neither https nor on this machine, so it was not sent`,
  );
}

/**
 * Throws when discovery found no authorization server metadata: the SDK would then guess
 * /register and /authorize on the server itself (the 2025-03-26 fallback), and no PKCE support
 * can be confirmed there.
 */
export function assertMetadataFound(state: OAuthDiscoveryState, serverUrl: URL): void {
  if (state.authorizationServerMetadata !== undefined) return;
  const where = sanitizeText(state.authorizationServerUrl, { maxLength: 200 });
  const noPrm =
    state.resourceMetadata === undefined ? ' (and the server offers no protected resource metadata)' : '';
  throw new ElicitError(
    'sign-in-failed',
    `cannot sign in to ${serverUrl.host}: no authorization server metadata was found at ${where}${noPrm}, so nothing was registered and no sign-in page was opened`,
  );
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}
