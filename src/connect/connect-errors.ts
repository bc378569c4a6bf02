// Why a connection failed, in a line a person can act on: "could not connect to localhost:3999
// (connection refused)", or the HTTP status and a one-line summary instead of an HTML error page.
import { SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { sanitizeText } from '../core/sanitize.js';

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'timed out',
  UND_ERR_CONNECT_TIMEOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'connection closed',
};

/** One line for a failed connection to `url` (HTTP) or to the server called `label`. */
export function describeConnectError(error: unknown, label: string, url?: URL): string {
  const chain = causes(error);
  if (url) {
    // The SDK's own errors carry string codes too: look for the socket's.
    const code = chain
      .map((e) => (e as { code?: unknown }).code)
      .find((c): c is string => typeof c === 'string' && (c in NETWORK_CODES || /^ERR_TLS|CERT/.test(c)));
    if (code !== undefined)
      return `could not connect to ${url.host} (${NETWORK_CODES[code] ?? `TLS: ${code}`})`;
    // The SDK's retry after its own grant (client_credentials) carried the new token.
    if (chain.some((e) => SdkHttpError.isInstance(e) && e.code === SdkErrorCode.ClientHttpAuthentication))
      return `${url.host}${url.pathname} refused the access token it had just been given (HTTP 401 again after signing in)`;
    const http = httpFailure(chain);
    if (http) {
      const summary = summarize(http.text);
      return `${url.host}${url.pathname} answered HTTP ${http.status}${http.statusText ? ` ${sanitizeText(http.statusText, { maxLength: 60 })}` : ''}${summary ? `: ${summary}` : ''}`;
    }
  }
  return `cannot connect to ${sanitizeText(label, { maxLength: 100 })}: ${summarize(messageOf(error)) || 'unknown error'}`;
}

/** A server's error text, HTML or not, cut to one plain line. */
function summarize(text: string): string {
  const plain = /<\s*(!doctype|html|body|head|p|h\d|div|title)\b/i.test(text)
    ? text
        .replace(/<(head|script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
        .replace(/<[^>]*>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    : text;
  return sanitizeText(plain.replace(/\s+/g, ' ').trim(), { maxLength: 160 });
}

function httpFailure(
  chain: readonly unknown[],
): { status: number; statusText?: string; text: string } | undefined {
  for (const e of chain) {
    const data = (e as { data?: { status?: unknown; statusText?: unknown; text?: unknown } }).data;
    if (data && typeof data.status === 'number') {
      return {
        status: data.status,
        ...(typeof data.statusText === 'string' && { statusText: data.statusText }),
        text: typeof data.text === 'string' ? data.text : '',
      };
    }
    const match = /\(HTTP (\d{3})\): ([\s\S]*)$/.exec(messageOf(e));
    if (match) return { status: Number(match[1]), text: match[2] ?? '' };
  }
  return undefined;
}

/** The error, its causes, and an AggregateError's members (fetch tries every address of a host). */
function causes(error: unknown): unknown[] {
  const out: unknown[] = [];
  const queue = [error];
  while (queue.length > 0 && out.length < 20) {
    const e = queue.shift();
    if (e === undefined || e === null || out.includes(e)) continue;
    out.push(e);
    if (typeof e === 'object') {
      queue.push((e as { cause?: unknown }).cause);
      const members = (e as { errors?: unknown }).errors;
      if (Array.isArray(members)) queue.push(...members);
    }
  }
  return out;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
