// Every request to the loopback server passes these checks (issue 8; MCP Inspector's
// CVE-2025-49596 was a loopback server without them):
//  1. Host must be exactly the address we opened (DNS rebinding: Hono's csrf() alone derives the
//     expected origin from Host, so it cannot catch a rebound name);
//  2. a session cookie (HttpOnly, SameSite=Strict) obtained for the single-use token of the launch
//     page (session-gate.ts: one session at a time, the token never on a command line);
//  3. unsafe methods: matching Origin (or Sec-Fetch-Site: same-origin), urlencoded bodies only,
//     bounded size; the per-form nonce is checked by the handler.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { csrf } from 'hono/csrf';
import { secureHeaders } from 'hono/secure-headers';
import { continuePage, refusedPage } from './pages/status-pages.js';

/** What a launch page's token is exchanged for (session-gate.ts decides). */
export type Exchange =
  /** A new session: set this cookie value. */
  | { readonly kind: 'session'; readonly secret: string }
  /** The browser already holds the session: nothing to set. */
  | { readonly kind: 'same' }
  | { readonly kind: 'refused'; readonly reason: string };

export interface GuardConfig {
  /** `127.0.0.1:<port>`: the only Host header accepted (plus `extraHosts`). */
  readonly hosts: readonly string[];
  readonly origins: readonly string[];
  readonly cookieName: string;
  /** Whether a cookie value is the current session's. */
  readonly isSession: (cookie: string | undefined) => boolean;
  /** A launch page's token (and the cookie the visit carried): a session to set, or why not. */
  readonly exchange: (token: string, cookie: string | undefined) => Exchange;
  readonly maxBodyBytes: number;
}

/** Constant-time comparison of two secrets of any length. */
export function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b)) && a.length === b.length;
}

/** A Content-Type's media type as HTTP reads it: only HTTP whitespace (RFC 9110 OWS) is trimmed. */
export function mediaType(header: string): string {
  return (header.split(';')[0] ?? '').replace(/^[\t ]+|[\t ]+$/g, '').toLowerCase();
}

const refuse = (c: Context, status: 403 | 413 | 415, reason: string) =>
  c.html(refusedPage(reason).toString(), status);

export function headers(): MiddlewareHandler {
  const policy = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      requireTrustedTypesFor: ["'script'"],
    },
    referrerPolicy: 'no-referrer',
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin',
    strictTransportSecurity: false,
  });
  return async (c, next) => {
    await policy(c, async () => {
      await next();
      // Nothing is kept but what a route marked keepable (our versioned assets).
      if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    });
  };
}

export function guard(config: GuardConfig): MiddlewareHandler[] {
  const hostCheck: MiddlewareHandler = async (c, next) => {
    if (!config.hosts.includes(c.req.header('host') ?? '')) {
      return refuse(c, 403, 'This page is only served to the address mcp-elicit opened.');
    }
    await next();
  };
  const session: MiddlewareHandler = async (c, next) => {
    const token = c.req.method === 'GET' && c.req.path === '/' ? c.req.query('t') : undefined;
    const cookie = getCookie(c, config.cookieName);
    if (token !== undefined) {
      const exchanged = config.exchange(token, cookie);
      if (exchanged.kind === 'refused') return refuse(c, 403, exchanged.reason);
      if (exchanged.kind === 'session') {
        setCookie(c, config.cookieName, exchanged.secret, { httpOnly: true, sameSite: 'Strict', path: '/' });
      }
      // Not a redirect: after the launch page's (cross-site) refresh, a redirect chain would not
      // carry the SameSite=Strict cookie; our own page's refresh does. The token leaves the bar.
      return c.html(continuePage().toString());
    }
    if (!config.isSession(cookie)) {
      return refuse(c, 403, 'Open this page with the link mcp-elicit opened or printed.');
    }
    await next();
  };
  // Hono's csrf() with fixed origins (never derived from Host); it lets safe methods through, and
  // checks only bodies its own type pattern calls a form (issue 19 item 9: a leading no-break space
  // slipped past it while a JS trim() accepted the type). So the type is parsed once, here, and
  // refused before csrf() unless it is exactly ours: every type accepted is one csrf() checks.
  const origin = csrf({ origin: [...config.origins], secFetchSite: 'same-origin' });
  const contentType: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      if (mediaType(c.req.header('content-type') ?? '') !== 'application/x-www-form-urlencoded') {
        return refuse(c, 415, 'Only application/x-www-form-urlencoded form posts are accepted.');
      }
    }
    await next();
  };
  const limit = bodyLimit({
    maxSize: config.maxBodyBytes,
    onError: (c) => refuse(c, 413, 'The form post is too large.'),
  });
  return [hostCheck, session, contentType, origin, limit];
}
