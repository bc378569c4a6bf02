// Token revocation at sign-out (RFC 7009; the SDK has none, digest E-10): the refresh token first
// (revoking it ends the grant at most servers), then the access token unless the endpoint did not
// answer the first (a person signing out waits for one timeout, not two), each with the client
// authentication the token endpoint uses. The endpoint comes from the authorization server's
// metadata, found with the SDK's discovery. The server's answers are untrusted text; no token
// ever goes into a message.
import {
  buildDiscoveryUrls,
  discoverAuthorizationServerMetadata,
  type FetchLike,
  type StoredOAuthClientInformation,
  selectClientAuthMethod,
} from '@modelcontextprotocol/client';
import { sanitizeText } from '../core/sanitize.js';
import { isLoopback } from './authorization-check.js';
import { AUTH_REQUEST_TIMEOUT_MS, boundedFetch } from './bounded-fetch.js';

export type RevokedKind = 'refresh_token' | 'access_token';

/** What happened to one grant's tokens. */
export type RevocationOutcome =
  /** Every token given was revoked (the server answered 200). */
  | { readonly kind: 'revoked'; readonly revoked: readonly RevokedKind[] }
  /** The server advertises no `revocation_endpoint`: the grant lives until it expires. */
  | { readonly kind: 'unsupported' }
  /** Some or all could not be revoked; `revoked` lists the ones that were. */
  | { readonly kind: 'failed'; readonly revoked: readonly RevokedKind[]; readonly reason: string };

export interface RevocationRequest {
  /** The issuer that issued the tokens. */
  readonly issuer: string;
  readonly client: StoredOAuthClientInformation;
  /** A pre-registered client's secret (never stored; from the environment). */
  readonly clientSecret?: string;
  readonly accessToken?: string;
  readonly refreshToken?: string;
  readonly fetchFn?: FetchLike;
  /** The longest each request (metadata, revocation) may take (default 30 s). */
  readonly timeoutMs?: number;
}

/** Longest server error text kept in a reason. */
const MAX_REASON = 200;
/** A metadata document longer than this is not read. */
const MAX_METADATA_CHARS = 256 * 1024;

export async function revokeTokens(request: RevocationRequest): Promise<RevocationOutcome> {
  // An endpoint that never answers must not hold a sign-out: each request is bounded.
  const fetchFn = boundedFetch(request.fetchFn ?? fetch, request.timeoutMs ?? AUTH_REQUEST_TIMEOUT_MS);
  let metadata: Awaited<ReturnType<typeof discoverAuthorizationServerMetadata>>;
  try {
    metadata = await discoverAuthorizationServerMetadata(request.issuer, { fetchFn });
  } catch (error) {
    return { kind: 'failed', revoked: [], reason: `its metadata could not be read (${messageOf(error)})` };
  }
  if (metadata === undefined)
    return { kind: 'failed', revoked: [], reason: 'its metadata could not be found' };
  const endpoint =
    ('revocation_endpoint' in metadata ? metadata.revocation_endpoint : undefined) ??
    (await oidcRevocationEndpoint(request.issuer, fetchFn));
  if (endpoint === undefined) return { kind: 'unsupported' };
  if (!secureEndpoint(endpoint))
    return { kind: 'failed', revoked: [], reason: 'its revocation endpoint is neither https nor loopback' };
  const client =
    request.clientSecret === undefined
      ? request.client
      : { ...request.client, client_secret: request.clientSecret };
  const method = selectClientAuthMethod(client, metadata.token_endpoint_auth_methods_supported ?? []);
  const order: [RevokedKind, string | undefined][] = [
    ['refresh_token', request.refreshToken],
    ['access_token', request.accessToken],
  ];
  const revoked: RevokedKind[] = [];
  const problems: string[] = [];
  let unanswered = false;
  for (const [kind, token] of order) {
    if (token === undefined) continue;
    // An endpoint that did not answer the first is not waited for a second time.
    const outcome: RevokeOne = unanswered
      ? { problem: 'not tried, as the revocation endpoint did not answer', answered: false }
      : await revokeOne(fetchFn, endpoint, token, kind, client, method);
    unanswered ||= !outcome.answered;
    if (outcome.problem === undefined) revoked.push(kind);
    else problems.push(`${kind.replace('_', ' ')}: ${outcome.problem}`);
  }
  return problems.length === 0
    ? { kind: 'revoked', revoked }
    : { kind: 'failed', revoked, reason: problems.join('; ') };
}

/** One token's revocation: what went wrong, if anything, and whether the endpoint answered at all. */
interface RevokeOne {
  readonly problem: string | undefined;
  readonly answered: boolean;
}

async function revokeOne(
  fetchFn: FetchLike,
  endpoint: string,
  token: string,
  hint: RevokedKind,
  client: StoredOAuthClientInformation,
  method: ReturnType<typeof selectClientAuthMethod>,
): Promise<RevokeOne> {
  const headers = new Headers({
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  });
  const body = new URLSearchParams({ token, token_type_hint: hint });
  if (method === 'client_secret_basic' && client.client_secret !== undefined) {
    // RFC 6749 §2.3.1: both parts form-encoded before Base64.
    const pair = `${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`;
    headers.set('authorization', `Basic ${Buffer.from(pair).toString('base64')}`);
  } else {
    body.set('client_id', client.client_id);
    if (method === 'client_secret_post' && client.client_secret !== undefined)
      body.set('client_secret', client.client_secret);
  }
  let response: Response;
  try {
    response = await fetchFn(endpoint, { method: 'POST', headers, body, redirect: 'error' });
  } catch (error) {
    return { problem: `the request failed (${messageOf(error)})`, answered: false };
  }
  if (response.ok) {
    await response.body?.cancel();
    return { problem: undefined, answered: true };
  }
  return {
    problem: `the server answered ${response.status}${await errorText(response, token)}`,
    answered: true,
  };
}

/**
 * SDK 2.4 parses an OpenID Connect discovery document with a schema that drops
 * `revocation_endpoint` (an RFC 8414 field), so it is read here from the first document of the
 * SDK's own discovery order that answers, after the same issuer echo check (RFC 8414 §3.3).
 */
async function oidcRevocationEndpoint(issuer: string, fetchFn: FetchLike): Promise<string | undefined> {
  for (const { url } of buildDiscoveryUrls(issuer)) {
    const response = await fetchFn(url, { headers: { accept: 'application/json' }, redirect: 'error' }).catch(
      () => undefined,
    );
    if (response === undefined) return undefined;
    if (!response.ok) {
      await response.body?.cancel();
      continue;
    }
    const text = await response.text().catch(() => '');
    if (text.length > MAX_METADATA_CHARS) return undefined;
    let document: { issuer?: unknown; revocation_endpoint?: unknown };
    try {
      document = JSON.parse(text) as typeof document;
    } catch {
      return undefined;
    }
    if (document.issuer !== issuer) return undefined;
    return typeof document.revocation_endpoint === 'string' ? document.revocation_endpoint : undefined;
  }
  return undefined;
}

/** Tokens go only to https, or to http on a loopback address (development, tests). */
function secureEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopback(url.hostname);
}

/** The OAuth `error` (and description) of a refusal, as plain short text without the token. */
async function errorText(response: Response, token: string): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 4096);
  let detail = '';
  try {
    const parsed = JSON.parse(text) as { error?: unknown; error_description?: unknown };
    detail = [parsed.error, parsed.error_description].filter((v) => typeof v === 'string').join(': ');
  } catch {
    detail = '';
  }
  const clean = sanitizeText(detail.replaceAll(token, '[token]')).slice(0, MAX_REASON);
  return clean === '' ? '' : ` (${clean})`;
}

function messageOf(error: unknown): string {
  return sanitizeText(error instanceof Error ? error.message : String(error)).slice(0, MAX_REASON);
}
