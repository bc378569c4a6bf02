// Small pieces of the provider: the store key of a server, and how its fetch wrapper tells the
// MCP endpoint's traffic (and a request that carried a token) from the authorization side's.
import type { StoredOAuthClientInformation } from '@modelcontextprotocol/client';
import type { AuthKey } from './store.js';

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
