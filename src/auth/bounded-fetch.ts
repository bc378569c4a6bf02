// Every request to the authorization side (protected resource metadata, authorization server
// metadata, registration, token, revocation) is bounded: an endpoint that accepts the connection
// and never answers would otherwise hold the run for Node's own 300 s. A request that times out or
// cannot be sent is one sentence naming the step and the host, never "fetch failed".
import type { FetchLike } from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';
import { sanitizeText } from '../core/sanitize.js';

/** How long one request to the authorization side may take, unless the sign-in timeout is shorter. */
export const AUTH_REQUEST_TIMEOUT_MS = 30_000;

/** Names the step a request belongs to ("token request", "registration request", ...). */
export type StepOf = (url: URL, init: RequestInit | undefined) => string;

/** `inner` with each request (headers and body) bounded by `timeoutMs`. */
export function boundedFetch(inner: FetchLike, timeoutMs: number, stepOf: StepOf = stepByPath): FetchLike {
  return async (input, init) => {
    const url = new URL(String(input));
    const step = stepOf(url, init);
    const limit = new AbortController();
    // Aborting with our own error makes fetch, and a body still being read, fail with it.
    const timer = setTimeout(() => limit.abort(timedOut(step, url, timeoutMs)), timeoutMs);
    timer.unref?.();
    const signal = init?.signal ? AbortSignal.any([init.signal, limit.signal]) : limit.signal;
    try {
      return await inner(input, { ...init, signal });
    } catch (error) {
      clearTimeout(timer);
      if (limit.signal.aborted) throw limit.signal.reason;
      if (init?.signal?.aborted || error instanceof ElicitError) throw error;
      throw new ElicitError(
        'sign-in-failed',
        `the ${step} to ${hostOf(url)} failed: ${networkReason(error)}`,
        {
          cause: error,
        },
      );
    }
  };
}

/** The step of a request to the authorization side, from its path (well-known names, common ones). */
export function stepByPath(url: URL, init: RequestInit | undefined): string {
  const path = url.pathname;
  if (path.startsWith('/.well-known/oauth-protected-resource')) return 'protected resource metadata request';
  if (path.includes('/.well-known/')) return 'authorization server metadata request';
  if ((init?.method ?? 'GET').toUpperCase() !== 'POST') return 'request';
  if (/revo/i.test(path)) return 'revocation request';
  if (/regist/i.test(path)) return 'registration request';
  return 'token request';
}

function timedOut(step: string, url: URL, ms: number): ElicitError {
  const seconds = Math.round(ms / 100) / 10;
  return new ElicitError(
    'sign-in-failed',
    `the ${step} to ${hostOf(url)} got no answer within ${seconds} s (MCP_ELICIT_SIGN_IN_TIMEOUT sets the limit)`,
  );
}

function hostOf(url: URL): string {
  return sanitizeText(url.host, { maxLength: 120 });
}

// undici's "fetch failed" hides the reason in `cause` (ECONNREFUSED, ENOTFOUND, a TLS error).
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const known: Record<string, string> = {
    ECONNREFUSED: 'the connection was refused',
    ENOTFOUND: 'the host name was not found',
    ECONNRESET: 'the connection was reset',
    EAI_AGAIN: 'the host name could not be looked up',
  };
  if (code !== undefined)
    return known[code] ?? `the connection failed (${sanitizeText(code, { maxLength: 40 })})`;
  const message = typeof cause?.message === 'string' ? cause.message : (error as Error)?.message;
  return sanitizeText(message ?? 'the connection failed', { maxLength: 160 });
}
