// `mcp-elicit auth login|status|logout`: sign in to a server without calling anything, list the
// stored sign-ins (never a token), and sign out (auth-logout.ts: delete, then revoke where the
// server can, RFC 7009). The store is the private one the sign-in uses (src/auth/store.ts).
import { canonicalServerUrl } from '../../auth/provider.js';
import { type AuthEntrySummary, AuthStore } from '../../auth/store.js';
import type { ResolvedTarget } from '../../connect/connect.js';
import { ElicitError } from '../../contracts/elicit-error.js';
import { safeJsonStringify } from '../../core/safe-json.js';
import { sanitizeText } from '../../core/sanitize.js';
import type { CliArgs } from '../args.js';
import { AUTH_ACTIONS } from '../command-table.js';
import type { Io } from '../frontend.js';
import { logout } from './auth-logout.js';
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
  const session = await openSession(args, io, context);
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
