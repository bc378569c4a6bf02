// Streamable HTTP for both eras on one endpoint, with plain node:http.
// - 2026-07-28 requests go to `createMcpHandler` (per-request instances, MRTR).
// - 2025-11-25 traffic goes to SESSIONFUL Streamable HTTP transports, one server instance per session:
//   the handler's default legacy mode is 'stateless', which has no return path for the server→client
//   `elicitation/create` (2025-11-25 client/elicitation §3.1) that the SDK's legacy shim sends. The SDK's
//   documented way out is to route with `isLegacyRequest` in front of a `legacy: 'reject'` handler; that
//   is what this file does.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import {
  createMcpHandler,
  DEFAULT_MAX_REQUEST_BODY_SIZE,
  hostHeaderValidationResponse,
  isInitializeRequest,
  isLegacyRequest,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  type McpServer,
  originValidationResponse,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';

const MCP_PATH = '/mcp';

export interface HttpServing {
  readonly url: string;
  close(): Promise<void>;
}

/** Optional hooks of `serveHttp`. */
export interface ServeHttpOptions {
  /**
   * Runs before MCP routing for every request (any path): an answer it returns is sent instead,
   * e.g. a `401` challenge or a well-known metadata document of a protected server.
   */
  readonly gate?: (request: Request) => Promise<Response | undefined>;
}

export async function serveHttp(
  factory: () => McpServer,
  port: number,
  host: string,
  options: ServeHttpOptions = {},
): Promise<HttpServing> {
  const modern = createMcpHandler(factory, { legacy: 'reject' });
  const legacy = new LegacySessions(factory);
  const allowedHosts = [...localhostAllowedHostnames(), host];
  const allowedOrigins = [...localhostAllowedOrigins(), host];

  async function route(request: Request): Promise<Response> {
    const rejected =
      hostHeaderValidationResponse(request, allowedHosts) ??
      originValidationResponse(request, allowedOrigins) ??
      (await options.gate?.(request));
    if (rejected !== undefined) return rejected;
    if (new URL(request.url).pathname !== MCP_PATH) return new Response('Not found', { status: 404 });
    return (await isLegacyRequest(request)) ? legacy.handle(request) : modern.fetch(request);
  }

  const server = createServer((req, res) => {
    const aborter = new AbortController();
    res.on('close', () => aborter.abort());
    toWebRequest(req, aborter.signal)
      .then((request) => (request instanceof Response ? request : route(request)))
      .then((response) => writeWebResponse(response, res))
      .catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(error instanceof Error ? error.message : String(error));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostForUrl}:${address.port}${MCP_PATH}`,
    async close() {
      await Promise.allSettled([modern.close(), legacy.closeAll()]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** 2025-era sessions: a stateful transport per `initialize`, found again by its Mcp-Session-Id. */
class LegacySessions {
  readonly #sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  readonly #factory: () => McpServer;

  constructor(factory: () => McpServer) {
    this.#factory = factory;
  }

  async handle(request: Request): Promise<Response> {
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const transport = this.#sessions.get(sessionId);
      if (transport === undefined) return jsonRpcError(404, -32001, 'Session not found');
      return transport.handleRequest(request);
    }
    const body: unknown =
      request.method === 'POST'
        ? await request
            .clone()
            .json()
            .catch(() => undefined)
        : undefined;
    if (!isInitializeRequest(body))
      return jsonRpcError(400, -32000, 'Bad Request: no valid session ID provided');

    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.#sessions.set(id, transport);
      },
    });
    const server = this.#factory();
    // The server's close hook, not the transport's: transport members are the tap's (mcp/transport-tap.ts).
    server.server.onclose = () => {
      if (transport.sessionId !== undefined) this.#sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody: body });
  }

  async closeAll(): Promise<void> {
    const open = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.allSettled(open.map((transport) => transport.close()));
  }
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status });
}

/** The request as a web `Request`, or a ready 413 answer when the body is over the SDK's default bound. */
async function toWebRequest(req: IncomingMessage, signal: AbortSignal): Promise<Request | Response> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const chunks: Buffer[] = [];
  let size = 0;
  if (hasBody) {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > DEFAULT_MAX_REQUEST_BODY_SIZE) return jsonRpcError(413, -32600, 'Request body too large');
      chunks.push(chunk as Buffer);
    }
  }
  return new Request(url, {
    method: req.method ?? 'GET',
    headers,
    signal,
    ...(hasBody && { body: Buffer.concat(chunks) }),
  });
}

async function writeWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText, headers);
  res.flushHeaders();
  if (response.body === null) {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  res.on('close', () => body.destroy());
  body.on('error', () => res.destroy());
  body.pipe(res);
}
