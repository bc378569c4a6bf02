// What a peer sent that cannot be used, as one sentence: the SDK parses metadata, registration and
// token answers with zod and throws its raw issue dump; here the first issue becomes "the token
// response of the authorization server has no access_token". Values are never quoted (peer text).
// Numbers that will be stored are checked here too (issue 31 item 5): an expiry must be a finite,
// positive number of seconds no larger than ten years, and a token must be a Bearer token.
import { ElicitError } from '../contracts/elicit-error.js';
import { sanitizeText } from '../core/sanitize.js';

/** The longest `expires_in` taken (ten years): beyond it a date is meaningless or unrepresentable. */
export const MAX_EXPIRES_IN_S = 10 * 365 * 24 * 3600;

const DOCUMENTS: [RegExp, string][] = [
  [
    /^(?:access_token|token_type|expires_in|refresh_token|id_token|scope)$/,
    'token response of the authorization server',
  ],
  [
    /^(?:client_id|client_secret|client_id_issued_at|client_secret_expires_at|redirect_uris)$/,
    'registration response of the authorization server',
  ],
  [
    /^(?:resource|authorization_servers|bearer_methods_supported)$/,
    'protected resource metadata of the MCP server',
  ],
  [/_endpoint$|^(?:issuer|response_types_supported|\w+_supported)$/, 'metadata of the authorization server'],
];

interface ZodLike {
  readonly issues: readonly {
    readonly path: readonly PropertyKey[];
    readonly code?: string;
    readonly message?: string;
  }[];
}

/** The sentence for a peer document the SDK refused to parse, or undefined for another error. */
export function peerDocumentProblem(error: unknown): string | undefined {
  const issues = (error as Partial<ZodLike> | undefined)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  const first = issues[0] as ZodLike['issues'][number];
  const field = first.path.map(String).join('.');
  const document = DOCUMENTS.find(([pattern]) => pattern.test(String(first.path[0] ?? '')))?.[1];
  if (document === undefined) return undefined;
  const shown = sanitizeText(field, { maxLength: 60 });
  const missing = first.code === 'invalid_type' && /received undefined/.test(first.message ?? '');
  return `the ${document} ${missing ? `has no ${shown}` : `has an unusable ${shown}`}`;
}

/** Throws unless `expiresIn` (from a token response) is absent or a usable number of seconds. */
export function checkExpiresIn(expiresIn: unknown, issuer: string): number | undefined {
  if (expiresIn === undefined) return undefined;
  if (
    typeof expiresIn === 'number' &&
    Number.isFinite(expiresIn) &&
    expiresIn > 0 &&
    expiresIn <= MAX_EXPIRES_IN_S
  )
    return expiresIn;
  throw new ElicitError(
    'sign-in-failed',
    `the token response of ${shownIssuer(issuer)} has an unusable expires_in (not a number of seconds between 0 and ten years), so the tokens were not stored`,
  );
}

/** Throws unless `tokenType` is Bearer (RFC 6749 §7.1: an unknown type must not be used; §5.1: any case). */
export function checkTokenType(tokenType: unknown, issuer: string): void {
  if (typeof tokenType === 'string' && tokenType.toLowerCase() === 'bearer') return;
  const type = typeof tokenType === 'string' ? ` ${sanitizeText(tokenType, { maxLength: 40 })}` : '';
  throw new ElicitError(
    'sign-in-failed',
    `the token response of ${shownIssuer(issuer)} gave a token of type${type || ' (none)'}, and only Bearer tokens are used (RFC 6749 §7.1), so it was not stored`,
  );
}

function shownIssuer(issuer: string): string {
  return sanitizeText(issuer, { maxLength: 200 });
}
