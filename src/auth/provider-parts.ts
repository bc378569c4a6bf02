// Small pieces of the provider: the store key of a server, and how its fetch wrapper tells the
// MCP endpoint's traffic (and a request that carried a token) from the authorization side's.
import type {
  OAuthClientInformationContext,
  StoredOAuthClientInformation,
} from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';
import type { AuthKey, SavedTokens } from './store.js';

/** An access token this close to its expiry is treated as expired (clock skew, time in flight). */
const EXPIRY_MARGIN_MS = 10_000;

/** The store key for a server and the client identity the options name. */
export function signInKey(options: { readonly serverUrl: URL; readonly clientId?: string }): AuthKey {
  return {
    server: canonicalServerUrl(options.serverUrl),
    client: options.clientId === undefined ? 'dynamic' : `id:${options.clientId}`,
  };
}

/** The MCP server's canonical URL (RFC 8707 style): no fragment, the URL parser's lowercase host. */
export function canonicalServerUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

export function redirectUris(client: StoredOAuthClientInformation | undefined): unknown[] {
  const uris = (client as { redirect_uris?: unknown } | undefined)?.redirect_uris;
  return Array.isArray(uris) ? uris : [];
}

export function sameEndpoint(input: string | URL | Request, endpoint: string): boolean {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  try {
    const url = new URL(raw);
    url.hash = '';
    return url.href === endpoint;
  } catch {
    return false;
  }
}

export function carriesToken(init: RequestInit | undefined): boolean {
  const headers = new Headers(init?.headers);
  return /^(?:bearer|dpop)\s/i.test(headers.get('authorization') ?? '');
}

/** True when a stored access token has expired, or is about to (G-11). */
export function isExpired(saved: SavedTokens | undefined, now: number): boolean {
  if (saved?.expiresAt === undefined) return false;
  // The margin never eats more than half a token's life: a short-lived token stays usable.
  const margin = Math.min(EXPIRY_MARGIN_MS, (saved.expiresAt - saved.savedAt) / 2);
  return now >= saved.expiresAt - margin;
}

/** A pre-registered client, pinned to the first issuer it was used with (A-14, G-08). */
export function preRegistered(
  ids: { readonly clientId: string; readonly clientSecret: string | undefined },
  server: string,
  pinned: string | undefined,
  ctx: OAuthClientInformationContext | undefined,
): StoredOAuthClientInformation {
  if (ctx && pinned !== undefined && pinned !== ctx.issuer) {
    throw new ElicitError(
      'sign-in-failed',
      `the client ID given for ${server} was used with the authorization server ${pinned}, but the server now names ${ctx.issuer}; pre-registered credentials are never sent to another authorization server (run mcp-elicit auth logout to forget the old one)`,
    );
  }
  const issuer = pinned ?? ctx?.issuer;
  return {
    client_id: ids.clientId,
    ...(ids.clientSecret !== undefined && { client_secret: ids.clientSecret }),
    ...(issuer !== undefined && { issuer }),
  };
}
