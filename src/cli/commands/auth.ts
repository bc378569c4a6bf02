// `mcp-elicit auth login|status|logout`: sign in to a server without calling anything, list the
// stored sign-ins (never a token), and sign out (revoke where the server can, RFC 7009, then
// delete). The store is the private one the sign-in uses (src/auth/store.ts).
import { canonicalServerUrl } from '../../auth/provider.js';
import { type RevocationOutcome, revokeTokens } from '../../auth/revoke.js';
import { clientSecretFrom } from '../../auth/settings.js';
import { type AuthEntrySummary, AuthStore } from '../../auth/store.js';
import type { ResolvedTarget } from '../../connect/connect.js';
import { ElicitError } from '../../contracts/elicit-error.js';
import { safeJsonStringify } from '../../core/safe-json.js';
import { sanitizeText } from '../../core/sanitize.js';
import type { CliArgs } from '../args.js';
import { AUTH_ACTIONS } from '../command-table.js';
import type { Io } from '../frontend.js';
import type { CommandContext } from './context.js';

type AuthAction = (typeof AUTH_ACTIONS)[number];

export async function runAuth(args: CliArgs, io: Io, context: CommandContext | undefined): Promise<number> {
  const action = authAction(args.operand);
  if (context !== undefined && context.target.kind !== 'http')
    throw new ElicitError(
      'usage',
      `auth ${action}: sign-in applies only to servers reached by --url (stdio servers take credentials from their environment)`,
    );
  const store = AuthStore.forEnv(io.env);
  if (action === 'status') return status(args, io, store, context?.target);
  if (context === undefined)
    throw new ElicitError(
      'usage',
      `auth ${action} needs a server: --url <url>, or --config <file> --server <name>`,
    );
  return action === 'login' ? login(args, io, store, context) : logout(args, io, store, context);
}

function authAction(word: string | undefined): AuthAction {
  if ((AUTH_ACTIONS as readonly (string | undefined)[]).includes(word)) return word as AuthAction;
  throw new ElicitError('usage', `auth takes one of ${AUTH_ACTIONS.join(', ')}, not ${JSON.stringify(word)}`);
}

/** One stored sign-in as status shows it: no token, an ISO expiry. */
function describe(entry: AuthEntrySummary) {
  const { file: _file, expiresAt, ...rest } = entry;
  return { ...rest, ...(expiresAt !== undefined && { expiresAt: new Date(expiresAt).toISOString() }) };
}

async function entriesFor(store: AuthStore, target: ResolvedTarget | undefined): Promise<AuthEntrySummary[]> {
  const all = await store.list();
  if (target?.kind !== 'http') return all;
  const server = canonicalServerUrl(target.url);
  return all.filter((entry) => entry.server === server);
}

async function status(args: CliArgs, io: Io, store: AuthStore, target: ResolvedTarget | undefined) {
  const entries = await entriesFor(store, target);
  if (args.json) {
    const result = { store: store.dir, servers: entries.map(describe) };
    io.stdout.write(`${safeJsonStringify({ ok: true, result, elicitations: [] })}\n`);
    return 0;
  }
  if (entries.length === 0) {
    io.stdout.write(
      `not signed in to ${target?.kind === 'http' ? target.url.href : 'any server'} (store: ${store.dir})\n`,
    );
    return 0;
  }
  for (const entry of entries) io.stdout.write(`${statusLine(entry, Date.now())}\n`);
  return 0;
}

export function statusLine(entry: AuthEntrySummary, now: number): string {
  if (entry.problem !== undefined) return sanitizeText(`${entry.file}: ${entry.problem}`);
  const who = [
    entry.server,
    entry.issuer && `via ${entry.issuer}`,
    entry.client !== 'dynamic' && `client ${entry.client}`,
  ]
    .filter(Boolean)
    .join(' ');
  const state = !entry.signedIn
    ? 'not signed in'
    : entry.expiresAt === undefined
      ? 'signed in (no expiry given)'
      : entry.expiresAt > now
        ? `signed in, expires ${new Date(entry.expiresAt).toISOString()} (in ${duration(entry.expiresAt - now)})`
        : `access token expired ${new Date(entry.expiresAt).toISOString()}`;
  const refresh = entry.signedIn ? (entry.refreshable ? ', refreshable' : ', no refresh token') : '';
  return sanitizeText(`${who}: ${state}${refresh}`);
}

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 120) return `${minutes} min`;
  return `${Math.round(minutes / 60)} h`;
}

async function login(args: CliArgs, io: Io, store: AuthStore, context: CommandContext): Promise<number> {
  // Connecting signs in when the server asks (src/connect/connect.ts); nothing is called.
  const { openSession } = await import('./session.js');
  const session = await openSession(args, io, { ...context, signInNow: true });
  await session.close();
  const entries = await entriesFor(store, context.target);
  if (args.json) {
    io.stdout.write(
      `${safeJsonStringify({ ok: true, result: { servers: entries.map(describe) }, elicitations: [] })}\n`,
    );
    return 0;
  }
  if (entries.length === 0) io.stdout.write(`${context.label} needs no sign-in: it answered without one\n`);
  for (const entry of entries) io.stdout.write(`${statusLine(entry, Date.now())}\n`);
  return 0;
}

interface SignedOut {
  readonly server: string;
  readonly client: string;
  readonly issuer: string;
  readonly revocation: RevocationOutcome;
}

async function logout(args: CliArgs, io: Io, store: AuthStore, context: CommandContext): Promise<number> {
  const target = context.target as Extract<ResolvedTarget, { kind: 'http' }>;
  const server = canonicalServerUrl(target.url);
  const secret = clientSecretFrom(target.oauth, io.env);
  const results: SignedOut[] = [];
  for (const entry of await entriesFor(store, target)) {
    if (entry.problem !== undefined || entry.issuer === undefined || !entry.signedIn) continue;
    results.push({
      server,
      client: entry.client,
      issuer: entry.issuer,
      revocation: await revokeEntry(store, entry, secret),
    });
  }
  const deleted = await store.delete({ server });
  if (args.json) {
    io.stdout.write(
      `${safeJsonStringify({ ok: true, result: { server, deleted, signedOut: results }, elicitations: [] })}\n`,
    );
  } else if (deleted === 0) {
    io.stdout.write(`not signed in to ${server}; nothing to do\n`);
  } else {
    for (const line of logoutLines(results)) io.stdout.write(`${line}\n`);
    io.stdout.write(`signed out of ${server}: the stored sign-in is deleted\n`);
  }
  for (const r of results)
    if (r.revocation.kind !== 'revoked') io.stderr.write(`mcp-elicit: ${sanitizeText(notRevoked(r))}\n`);
  return 0;
}

async function revokeEntry(store: AuthStore, entry: AuthEntrySummary, secret: string | undefined) {
  const record = await store.load({ server: entry.server, client: entry.client });
  const issuer = entry.issuer ?? '';
  const held = record.issuers[issuer];
  const tokens = held?.tokens?.tokens;
  // A pre-registered client's registration is not stored: its ID is in the store key.
  const client =
    held?.client ?? (entry.client.startsWith('id:') ? { client_id: entry.client.slice(3) } : undefined);
  if (tokens === undefined || client === undefined)
    return { kind: 'failed', revoked: [], reason: 'no client registration is stored for it' } as const;
  return revokeTokens({
    issuer,
    client,
    accessToken: tokens.access_token,
    ...(tokens.refresh_token !== undefined && { refreshToken: tokens.refresh_token }),
    ...(secret !== undefined && { clientSecret: secret }),
  });
}

function logoutLines(results: readonly SignedOut[]): string[] {
  return results
    .filter((r) => r.revocation.kind === 'revoked')
    .map((r) =>
      sanitizeText(
        `revoked at ${r.issuer}: ${(r.revocation as { revoked: readonly string[] }).revoked.join(' and ').replaceAll('_', ' ')}`,
      ),
    );
}

function notRevoked(r: SignedOut): string {
  const grant = 'the grant may stay valid at the authorization server until it expires';
  if (r.revocation.kind === 'unsupported') return `${r.issuer} offers no token revocation: ${grant}`;
  if (r.revocation.kind === 'failed')
    return `could not revoke at ${r.issuer} (${r.revocation.reason}): ${grant}`;
  return '';
}
