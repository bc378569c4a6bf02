// Every request to the loopback server passes these checks (issue 8; MCP Inspector's
// CVE-2025-49596 was a loopback server without them):
//  1. Host must be exactly the address we opened (DNS rebinding: Hono's csrf() alone derives the
//     expected origin from Host, so it cannot catch a rebound name);
//  2. a session cookie (HttpOnly, SameSite=Strict) obtained once for a single-use URL token;
//  3. unsafe methods: matching Origin (or Sec-Fetch-Site: same-origin), urlencoded bodies only,
//     bounded size; the per-form nonce is checked by the handler.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { csrf } from 'hono/csrf';
import { secureHeaders } from 'hono/secure-headers';
import { refusedPage } from './pages/status-pages.js';

export interface GuardConfig {
  /** `127.0.0.1:<port>`: the only Host header accepted (plus `extraHosts`). */
  readonly hosts: readonly string[];
  readonly origins: readonly string[];
  readonly cookieName: string;
  readonly session: string;
  /** Consumes a single-use token from an opened URL; true when it was valid. */
  readonly takeToken: (token: string) => boolean;
  readonly maxBodyBytes: number;
}

/** Constant-time comparison of two secrets of any length. */
export function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b)) && a.length === b.length;
}

const refuse = (c: Context, status: 403 | 413 | 415, reason: string) =>
  c.html(refusedPage(reason).toString(), status);

export function headers(): MiddlewareHandler {
  const policy = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
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
      c.header('Cache-Control', 'no-store');
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
    if (token !== undefined) {
      if (!config.takeToken(token)) {
        return refuse(
          c,
          403,
          'This link was already used or is not valid. Use the newest link mcp-elicit opened.',
        );
      }
      setCookie(c, config.cookieName, config.session, { httpOnly: true, sameSite: 'Strict', path: '/' });
      // The token leaves the address bar (and the history) at once.
      return c.redirect('/', 303);
    }
    const cookie = getCookie(c, config.cookieName);
    if (cookie === undefined || !sameSecret(cookie, config.session)) {
      return refuse(c, 403, 'Open this page with the link mcp-elicit opened or printed.');
    }
    await next();
  };
  // Hono's csrf() with fixed origins (never derived from Host); it lets safe methods through.
  const origin = csrf({ origin: [...config.origins], secFetchSite: 'same-origin' });
  const contentType: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/x-www-form-urlencoded') {
        return refuse(c, 415, 'Only application/x-www-form-urlencoded form posts are accepted.');
      }
    }
    await next();
  };
  const limit = bodyLimit({
    maxSize: config.maxBodyBytes,
    onError: (c) => refuse(c, 413, 'The form post is too large.'),
  });
  return [hostCheck, session, origin, contentType, limit];
}
