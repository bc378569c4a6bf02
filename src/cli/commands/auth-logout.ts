// `mcp-elicit auth logout`: the stored sign-ins of one server are read, deleted at once (an
// authorization server that is slow or gone can never keep them on disk), then revoked where the
// server can (RFC 7009), each request bounded in time; the report says what revocation did,
// token by token, and only what it did.
import { AUTH_REQUEST_TIMEOUT_MS } from '../../auth/bounded-fetch.js';
import { canonicalServerUrl } from '../../auth/provider.js';
import { type RevocationOutcome, revokeTokens } from '../../auth/revoke.js';
import { clientSecretFrom } from '../../auth/settings.js';
import type { AuthStore, SavedTokens } from '../../auth/store.js';
import type { ResolvedTarget } from '../../connect/connect.js';
import { timeoutFrom } from '../../connect/sign-in.js';
import { safeJsonStringify } from '../../core/safe-json.js';
import { sanitizeText } from '../../core/sanitize.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';
import type { CommandContext } from './context.js';

/** One grant as it was stored, kept in memory after its file is deleted. */
interface HeldGrant {
  readonly client: string;
  readonly issuer: string;
  readonly tokens: SavedTokens;
  readonly registration: { client_id: string } | undefined;
}

interface SignedOut {
  readonly server: string;
  readonly client: string;
  readonly issuer: string;
  readonly revocation: RevocationOutcome;
}

export async function logout(
  args: CliArgs,
  io: Io,
  store: AuthStore,
  context: CommandContext,
): Promise<number> {
  const target = context.target as Extract<ResolvedTarget, { kind: 'http' }>;
  const server = canonicalServerUrl(target.url);
  const secret = clientSecretFrom(target.oauth, io.env);
  const grants = await heldGrants(store, server);
  const deleted = await store.delete({ server });
  const timeoutMs = Math.min(AUTH_REQUEST_TIMEOUT_MS, timeoutFrom(io.env) ?? Number.POSITIVE_INFINITY);
  const results: SignedOut[] = [];
  for (const grant of grants)
    results.push({
      server,
      client: grant.client,
      issuer: grant.issuer,
      revocation: await revoke(grant, secret, timeoutMs),
    });
  if (args.json) {
    io.stdout.write(
      `${safeJsonStringify({ ok: true, result: { server, deleted, signedOut: results }, elicitations: [] })}\n`,
    );
  } else if (deleted === 0) {
    io.stdout.write(`not signed in to ${server}; nothing to do\n`);
  } else {
    for (const r of results) {
      const line = revokedLine(r, grants);
      if (line !== undefined) io.stdout.write(`${sanitizeText(line)}\n`);
    }
    io.stdout.write(`signed out of ${server}: the stored sign-in is deleted\n`);
  }
  for (const r of results) {
    const warning = notRevoked(r, grants);
    if (warning !== undefined) io.stderr.write(`mcp-elicit: ${sanitizeText(warning)}\n`);
  }
  return 0;
}

async function heldGrants(store: AuthStore, server: string): Promise<HeldGrant[]> {
  const grants: HeldGrant[] = [];
  for (const entry of await store.list()) {
    if (
      entry.server !== server ||
      entry.problem !== undefined ||
      entry.issuer === undefined ||
      !entry.signedIn
    )
      continue;
    const record = await store.load({ server: entry.server, client: entry.client });
    const held = record.issuers[entry.issuer];
    if (held?.tokens === undefined) continue;
    // A pre-registered client's registration is not stored: its ID is in the store key.
    const registration =
      held.client ?? (entry.client.startsWith('id:') ? { client_id: entry.client.slice(3) } : undefined);
    grants.push({ client: entry.client, issuer: entry.issuer, tokens: held.tokens, registration });
  }
  return grants;
}

function revoke(grant: HeldGrant, secret: string | undefined, timeoutMs: number): Promise<RevocationOutcome> {
  const tokens = grant.tokens.tokens;
  if (grant.registration === undefined)
    return Promise.resolve({
      kind: 'failed',
      revoked: [],
      reason: 'no client registration is stored for it',
    });
  return revokeTokens({
    issuer: grant.issuer,
    client: grant.registration,
    accessToken: tokens.access_token,
    timeoutMs,
    ...(tokens.refresh_token !== undefined && { refreshToken: tokens.refresh_token }),
    ...(secret !== undefined && { clientSecret: secret }),
  });
}

const spoken = (kinds: readonly string[]) => kinds.join(' and ').replaceAll('_', ' ');

function expiry(r: SignedOut, grants: readonly HeldGrant[]): string {
  const at = grants.find((g) => g.issuer === r.issuer && g.client === r.client)?.tokens.expiresAt;
  return at === undefined ? 'until it expires' : `until it expires (${new Date(at).toISOString()})`;
}

/** What was revoked, on stdout; undefined when nothing was. */
function revokedLine(r: SignedOut, grants: readonly HeldGrant[]): string | undefined {
  if (r.revocation.kind === 'unsupported' || r.revocation.revoked.length === 0) return undefined;
  const line = `revoked at ${r.issuer}: ${spoken(r.revocation.revoked)}`;
  // RFC 7009 §2.2: 200 also for a token the server cannot revoke; a JWT is checked where it is used.
  const jwt = r.revocation.revoked.includes('access_token') && looksLikeJwt(r, grants);
  return jwt
    ? `${line} (a self-contained access token may still be accepted by the MCP server ${expiry(r, grants)})`
    : line;
}

/** What was not revoked, on stderr; undefined when everything was. */
function notRevoked(r: SignedOut, grants: readonly HeldGrant[]): string | undefined {
  const grant = `the grant may stay valid at the authorization server ${expiry(r, grants)}`;
  if (r.revocation.kind === 'unsupported') return `${r.issuer} offers no token revocation: ${grant}`;
  if (r.revocation.kind === 'revoked') return undefined;
  const { revoked, reason } = r.revocation;
  // A revoked refresh token ends the grant (RFC 7009 §2.1); only the access token may live on.
  if (revoked.includes('refresh_token'))
    return `the access token could not be revoked at ${r.issuer} (${reason}): it may be accepted ${expiry(r, grants)}`;
  return `could not revoke at ${r.issuer} (${reason}): ${grant}`;
}

function looksLikeJwt(r: SignedOut, grants: readonly HeldGrant[]): boolean {
  const token = grants.find((g) => g.issuer === r.issuer && g.client === r.client)?.tokens.tokens
    .access_token;
  return token !== undefined && /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);
}
