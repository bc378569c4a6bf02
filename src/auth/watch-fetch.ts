// The provider's fetch wrapper: a 401 from the MCP endpoint to a request that carried a token
// drops the cached discovery, so an authorization server that moved is found again (G-06); a 401
// from the token endpoint must not (the code leg still needs it). Requests anywhere else
// (metadata, registration, tokens) are bounded in time and size, and go only to https or to this
// machine.
import type { AuthorizationServerMetadata, FetchLike } from '@modelcontextprotocol/client';
import { assertSecureEndpoint } from './authorization-check.js';
import { boundedFetch, stepByPath } from './bounded-fetch.js';
import { jsonDocument } from './json-document.js';
import { limitBody } from './limited-body.js';
import { carriesToken, sameEndpoint } from './provider-parts.js';

export interface WatchFetchOptions {
  readonly serverUrl: URL;
  /** The MCP endpoint's canonical URL. */
  readonly endpoint: string;
  readonly timeoutMs: number;
  /** The cached authorization server metadata, which names the token and registration endpoints. */
  readonly metadata: () => AuthorizationServerMetadata | undefined;
  /** Drops the cached discovery. */
  readonly onRefused: () => Promise<void>;
  /** Sees each 401 from the MCP endpoint, and whether its request carried a token. */
  readonly onUnauthorized?: (carriedToken: boolean) => void;
  /** Sees each good answer from the authorization side (the device endpoint is read from it). */
  readonly onDocument?: (input: string | URL, response: Response) => Promise<void>;
}

export function watchFetch(inner: FetchLike, o: WatchFetchOptions): FetchLike {
  const stepOf = (url: URL, init: RequestInit | undefined) => {
    const metadata = o.metadata();
    if (metadata?.token_endpoint === url.href) return 'token request';
    if (metadata?.registration_endpoint === url.href) return 'registration request';
    return stepByPath(url, init);
  };
  const bounded = boundedFetch(inner, o.timeoutMs, stepOf);
  return async (input, init) => {
    if (!sameEndpoint(input, o.endpoint)) {
      assertSecureEndpoint(input, o.serverUrl, (url) => stepOf(url, init));
      // MCP traffic may be large (tool results); the authorization side's documents are not.
      const url = new URL(input instanceof Request ? input.url : input);
      const limited = await jsonDocument(limitBody(await bounded(input, init)), stepOf(url, init), url);
      if (limited.ok) await o.onDocument?.(input, limited);
      return limited;
    }
    const response = await inner(input, init);
    if (response.status !== 401) return response;
    o.onUnauthorized?.(carriesToken(init));
    if (carriesToken(init)) await o.onRefused();
    return response;
  };
}
