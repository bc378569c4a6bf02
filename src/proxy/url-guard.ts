// The URL face's door: the Host and Origin checks against DNS rebinding (the SDK's validators,
// plus the port, which they leave out) and the bearer token, compared in constant time. Each
// refusal is a JSON-RPC-shaped body, as the SDK's own middleware answers.
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  validateHostHeader,
  validateOriginHeader,
} from '@modelcontextprotocol/server';

export interface Door {
  /** The port we listen on: Host and Origin must name it. */
  readonly port: number;
  /** The bearer token every request must carry; undefined with --no-token. */
  readonly token: string | undefined;
}

/** The refusal for a request that may not come in, or undefined when it may. */
export function refuse(request: Request, door: Door): Response | undefined {
  const host = request.headers.get('host');
  const hostCheck = validateHostHeader(host, localhostAllowedHostnames());
  if (!hostCheck.ok) return refusal(403, hostCheck.message);
  if (portOf(`http://${host}`) !== door.port)
    return refusal(403, `Invalid Host header: not port ${door.port}`);
  const origin = request.headers.get('origin');
  const originCheck = validateOriginHeader(origin, localhostAllowedOrigins());
  if (!originCheck.ok) return refusal(403, originCheck.message);
  if (origin && !loopbackHttpOrigin(origin, door.port))
    return refusal(403, `Invalid Origin header: not http on port ${door.port}`);
  if (door.token !== undefined && !sameToken(bearerOf(request), door.token))
    return refusal(401, 'Unauthorized: a valid bearer token is required', {
      'WWW-Authenticate': 'Bearer realm="mcp-elicit proxy"',
    });
  return undefined;
}

export function refusal(
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code = -32000,
): Response {
  return Response.json(
    { jsonrpc: '2.0', error: { code, message }, id: null },
    { status, headers: { 'Content-Type': 'application/json', ...headers } },
  );
}

function portOf(origin: string): number | undefined {
  try {
    const url = new URL(origin);
    return url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  } catch {
    return undefined;
  }
}

function loopbackHttpOrigin(origin: string, port: number): boolean {
  return origin.toLowerCase().startsWith('http://') && portOf(origin) === port;
}

function bearerOf(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  const match = header === null ? null : /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}

// Digests first: timingSafeEqual needs equal lengths, and the length must not leak either.
function sameToken(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}
