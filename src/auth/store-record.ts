// The shape of one store file (one server and client identity) and the check a file read from disk
// must pass before any of it is used: the folder is private, but a file may still be corrupt,
// truncated, or planted.
import type {
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { isRecord } from '../core/is-record.js';

/** Tokens as saved, with the absolute expiry the SDK does not keep (it keeps relative `expires_in`). */
export interface SavedTokens {
  /** The tokens as the SDK saved them (issuer stamped). */
  readonly tokens: StoredOAuthTokens;
  /** Epoch milliseconds when the access token expires, when the server said. */
  readonly expiresAt?: number;
  /** Epoch milliseconds when they were saved. */
  readonly savedAt: number;
}

/** What is kept per authorization server (SEP-2352: credentials never cross issuers). */
export interface IssuerRecord {
  /** The registration at this authorization server (dynamic or CIMD). */
  client?: StoredOAuthClientInformation;
  /** The tokens it issued. */
  tokens?: SavedTokens;
}

/** The sign-in in progress: survives until the callback (the verifier, state and discovery state together). */
export interface PendingSignIn {
  /** The PKCE code verifier. */
  verifier?: string;
  /** The `state` the callback must carry. */
  state?: string;
}

/** One store file: a server and client identity, with everything kept for it. */
export interface AuthRecord {
  /** The file format. */
  readonly version: 1;
  /** Canonical URL of the MCP server (the resource). */
  readonly server: string;
  /** Which client identity: `dynamic`, `id:<client id>` or `cimd:<url>`. */
  readonly client: string;
  /** Per authorization server issuer. */
  issuers: Record<string, IssuerRecord>;
  /** The issuer whose tokens were saved last: the transport's per-request read has no issuer. */
  current?: string;
  /** Pre-registered credentials belong to the first issuer they were used with. */
  pinnedIssuer?: string;
  /** The sign-in in progress. */
  pending?: PendingSignIn;
  /** The SDK's discovery state (dropped when the server refuses a token). */
  discovery?: OAuthDiscoveryState;
}

export function emptyRecord(server: string, client: string): AuthRecord {
  return { version: 1, server, client, issuers: {} };
}

const optionalString = (v: unknown) => v === undefined || typeof v === 'string';

/** Why `value` is not a usable record, or undefined when it is one. */
export function recordProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'not a JSON object';
  if (value.version !== 1) return 'unknown version';
  if (typeof value.server !== 'string' || typeof value.client !== 'string') return 'no server or client';
  if (!optionalString(value.current) || !optionalString(value.pinnedIssuer)) return 'bad issuer field';
  if (value.pending !== undefined && !isRecord(value.pending)) return 'bad pending sign-in';
  if (value.discovery !== undefined && !isRecord(value.discovery)) return 'bad discovery state';
  if (!isRecord(value.issuers)) return 'no issuers';
  for (const entry of Object.values(value.issuers)) {
    if (!isRecord(entry)) return 'bad issuer entry';
    if (entry.client !== undefined && !(isRecord(entry.client) && typeof entry.client.client_id === 'string'))
      return 'bad client registration';
    if (entry.tokens !== undefined && !tokensOk(entry.tokens)) return 'bad tokens';
  }
  return undefined;
}

function tokensOk(saved: unknown): boolean {
  if (!isRecord(saved) || !isRecord(saved.tokens)) return false;
  if (typeof saved.tokens.access_token !== 'string') return false;
  if (typeof saved.savedAt !== 'number' || !validDate(saved.savedAt)) return false;
  return saved.expiresAt === undefined || (typeof saved.expiresAt === 'number' && validDate(saved.expiresAt));
}

/** Epoch milliseconds a Date can hold (ECMAScript: ±8.64e15), so printing it can never throw. */
function validDate(ms: number): boolean {
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15;
}
