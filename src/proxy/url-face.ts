// The proxy's URL face (`--listen`): MCP Streamable HTTP on a loopback address for hosts that take
// a URL, each host session with its own upstream session (url-sessions.ts). Every request passes
// the door first (url-guard.ts). Runs until stopped (SIGINT, SIGTERM): then every session and
// upstream connection is closed and `done` settles with 0.
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server';
import { isLegacyRequest, readRequestBody } from '@modelcontextprotocol/server';
import type { SessionOptions } from './host-session.js';
import type { ClosingResponse } from './idle-sessions.js';
import { type Door, refusal, refuse } from './url-guard.js';
import { UrlSessions } from './url-sessions.js';

export const MCP_PATH = '/mcp';
const MAX_BODY = 4 * 1024 * 1024;
const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;

export interface UrlFaceOptions extends SessionOptions {
  /** A loopback address (checked by the CLI): 127.0.0.1, ::1 or localhost. */
  readonly host: string;
  /** 0 for a free port. */
  readonly port: number;
  /** The bearer token; undefined turns the check off (--no-token). */
  readonly token: string | undefined;
  /** `--session-idle`: how long a 2025 host session with nothing open may sit idle (default 30 min), or false. */
  readonly sessionIdleMs?: number | false;
  readonly signal?: AbortSignal;
}

export interface RunningUrlFace {
  readonly url: string;
  readonly done: Promise<number>;
  stop(): Promise<number>;
}

export async function startUrlFace(o: UrlFaceOptions): Promise<RunningUrlFace> {
  const sessions = new UrlSessions(o, o.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS);
  let door: Door | undefined;
  const http = serve({
    // No request arrives before 'listening', when the door (which needs the port) exists.
    fetch: (request: Request, env: HttpBindings | Http2Bindings) =>
      answer(request, door as Door, sessions, env.outgoing),
    hostname: bindAddress(o.host),
    port: o.port,
  }) as HttpServer;
  const port = await new Promise<number>((resolve, reject) => {
    http.once('error', reject);
    http.once('listening', () => {
      http.off('error', reject);
      resolve((http.address() as AddressInfo).port);
    });
  });
  door = { port, token: o.token };
  let stopping: Promise<number> | undefined;
  const stop = (): Promise<number> => {
    stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
      await sessions.close();
      await closed;
      await o.self.close?.();
      return 0;
    })();
    return stopping;
  };
  const done = new Promise<number>((resolve) => {
    o.signal?.addEventListener('abort', () => void stop().then(resolve), { once: true });
    if (o.signal?.aborted) void stop().then(resolve);
    void http.once('close', () => void stop().then(resolve));
  });
  return { url: `http://${urlHost(o.host)}:${port}${MCP_PATH}`, done, stop };
}

async function answer(
  request: Request,
  door: Door,
  sessions: UrlSessions,
  response: ClosingResponse,
): Promise<Response> {
  const refused = refuse(request, door);
  if (refused) return refused;
  if (new URL(request.url).pathname !== MCP_PATH)
    return refusal(404, `Not found: the MCP endpoint is ${MCP_PATH}`);
  const sessionId = request.headers.get('mcp-session-id');
  if (request.method !== 'POST')
    return sessionId === null
      ? sessions.modernRequest(request)
      : sessions.bySession(request, sessionId, response);
  const body = await parseBody(request);
  if (body instanceof Response) return body;
  // Read once here, so a session's transport gets it parsed (and a batch is refused for every era).
  if (sessionId !== null) return sessions.bySession(request, sessionId, response, body);
  if (!(await isLegacyRequest(request, body))) return sessions.modernRequest(request, body);
  if (isInitialize(body)) return sessions.open(request, body);
  return refusal(400, 'Bad Request: Mcp-Session-Id header is required');
}

/** The POST body as JSON, or the error answer: unreadable, too large, not JSON, or a batch. */
async function parseBody(request: Request): Promise<unknown> {
  const read = await readRequestBody(request, MAX_BODY).catch(() => undefined);
  if (read === undefined) return refusal(400, 'Parse error: the request body could not be read', {}, -32700);
  if (read.tooLarge) return refusal(413, `Payload Too Large: over ${MAX_BODY} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(read.text);
  } catch {
    return refusal(400, 'Parse error: the request body is not JSON', {}, -32700);
  }
  // JSON-RPC batches left MCP in 2025-06-18; JSON-RPC 2.0 §6: one error, id null, for a rejected batch.
  if (Array.isArray(body))
    return refusal(
      400,
      'Invalid Request: batches are not supported (MCP sends one message a request)',
      {},
      -32600,
    );
  return body;
}

function isInitialize(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { method?: unknown }).method === 'initialize';
}

/** `localhost` is bound as 127.0.0.1: the name may resolve to either family. */
function bindAddress(host: string): string {
  return host === 'localhost' ? '127.0.0.1' : host;
}

function urlHost(host: string): string {
  const bound = bindAddress(host);
  return bound.includes(':') ? `[${bound}]` : bound;
}
