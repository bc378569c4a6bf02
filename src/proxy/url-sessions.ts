// The URL face's host sessions. A 2025 host gets a Streamable HTTP session (the SDK's transport:
// Mcp-Session-Id issued on initialize, 404 once ended, DELETE ends it) and its own upstream
// session. The 2026-07-28 era has no sessions over HTTP: the SDK serves each request with a fresh
// Server (createMcpHandler), so hosts that declare the same capabilities share one upstream
// session, whose input_required rounds find their job again by requestState.
import { randomUUID } from 'node:crypto';
import type { Client, ClientCapabilities } from '@modelcontextprotocol/client';
import {
  createMcpHandler,
  type McpHttpHandler,
  type Server,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { cancelOnDrop } from './dropped-host.js';
import { type HostHello, helloOf } from './host-hello.js';
import { HostSession, type SessionOptions } from './host-session.js';
import { type ClosingResponse, IdleSessions } from './idle-sessions.js';
import { keepAliveIntervals, PersonWaiting } from './person-waiting.js';
import { refusal } from './url-guard.js';

interface LegacyEntry {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly end: () => Promise<void>;
}

export class UrlSessions {
  readonly #legacy = new Map<string, LegacyEntry>();
  readonly #modern = new Map<string, HostSession>();
  /** Each 2026 request's hello, read before the SDK's handler takes the request. */
  readonly #hellos = new WeakMap<Request, HostHello>();
  readonly #handler: McpHttpHandler;
  #closed = false;
  readonly #person: PersonWaiting;
  /** `--session-idle`: 2025 sessions a host left without DELETE are ended (none when off). */
  readonly #idle: IdleSessions | undefined;

  readonly #o: SessionOptions;
  constructor(o: SessionOptions, idleMs: number | false) {
    this.#o = o;
    this.#person = new PersonWaiting(keepAliveIntervals(o.keepAliveMs));
    this.#idle = idleMs === false ? undefined : new IdleSessions(idleMs, (id) => this.#endIdle(id, idleMs));
    this.#handler = createMcpHandler((ctx) => this.#modernServer(ctx.requestInfo), {
      legacy: 'reject',
      onerror: (error) => o.log(`host request: ${error.message}`),
    });
  }

  /** A request naming a session: its transport answers, or 404 when there is no such session. */
  bySession(request: Request, id: string, response: ClosingResponse, body?: unknown): Promise<Response> {
    const entry = this.#legacy.get(id);
    if (!entry) return Promise.resolve(refusal(404, 'Session not found', {}, -32001));
    this.#idle?.open(id, response);
    return entry.transport.handleRequest(request, body === undefined ? undefined : { parsedBody: body });
  }

  #endIdle(id: string, idleMs: number): void {
    const entry = this.#legacy.get(id);
    if (!entry) return;
    this.#o.log(`a 2025-11-25 host session sat idle for ${idleMs / 1000} s with nothing open; ended it`);
    void entry.end();
  }

  /** A 2025 `initialize`: a new host session with its own upstream session. */
  async open(request: Request, body: unknown): Promise<Response> {
    const hello = helloOf(body) ?? { era: '2025-11-25', capabilities: {} };
    let id: string | undefined;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        id = sessionId;
        this.#legacy.set(sessionId, { transport, end });
        this.#idle?.add(sessionId);
      },
      onsessionclosed: () => void end(),
    });
    const session = new HostSession(
      this.#o,
      Promise.resolve(hello),
      () => {
        this.#o.log(`upstream server ${this.#o.label} closed the connection; ending that host's session`);
        void end();
      },
      this.#person,
    );
    let ending: Promise<void> | undefined;
    const end = (): Promise<void> => {
      ending ??= (async () => {
        if (id !== undefined) {
          this.#legacy.delete(id);
          this.#idle?.remove(id);
        }
        await transport.close().catch(() => {});
        await session.close();
      })();
      return ending;
    };
    let server: Server;
    try {
      server = await session.server('2025-11-25');
    } catch (error) {
      await end();
      return upstreamFailure(this.#o, error, body);
    }
    server.onclose = () => void end();
    await server.connect(transport);
    cancelOnDrop(transport);
    return transport.handleRequest(request, { parsedBody: body });
  }

  /** A 2026-07-28 request (or one the SDK must answer without a session): the SDK's handler. */
  modernRequest(request: Request, body?: unknown): Promise<Response> {
    const hello = body === undefined ? undefined : helloOf(body);
    if (hello?.era === '2026-07-28') this.#hellos.set(request, hello);
    return this.#handler.fetch(request, body === undefined ? {} : { parsedBody: body });
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#idle?.stop();
    await this.#handler.close().catch(() => {});
    await Promise.all([...this.#legacy.values()].map((entry) => entry.end()));
    await Promise.all([...this.#modern.values()].map((session) => session.close()));
    this.#modern.clear();
  }

  async #modernServer(request: Request | undefined): Promise<Server> {
    const hello = (request && this.#hellos.get(request)) ?? { era: '2026-07-28', capabilities: {} };
    const key = capabilityKey(hello.capabilities);
    let session = this.#modern.get(key);
    if (!session) {
      const created = new HostSession(
        this.#o,
        Promise.resolve(hello),
        () => {
          this.#o.log(`upstream server ${this.#o.label} closed the connection of the 2026 hosts' session`);
          this.#modern.delete(key);
        },
        this.#person,
      );
      this.#modern.set(key, created);
      session = created;
    }
    try {
      const server = await session.server('2026-07-28', { notifications: false });
      const connection = await session.connection();
      if (connection) this.#announceChanges(connection.client);
      if (this.#closed) await session.close();
      return server;
    } catch (error) {
      this.#modern.delete(key);
      await session.close();
      throw error;
    }
  }

  // A 2026 host learns of list changes on its subscriptions/listen stream, which the SDK's handler owns.
  #announceChanges(upstream: Client): void {
    const notify = this.#handler.notify;
    upstream.fallbackNotificationHandler = async ({ method, params }) => {
      if (method === 'notifications/tools/list_changed') notify.toolsChanged();
      else if (method === 'notifications/prompts/list_changed') notify.promptsChanged();
      else if (method === 'notifications/resources/list_changed') notify.resourcesChanged();
      else if (method === 'notifications/resources/updated' && typeof params?.uri === 'string')
        notify.resourceUpdated(params.uri);
    };
  }
}

/** The same capability set in any key order is the same key. */
function capabilityKey(capabilities: ClientCapabilities): string {
  const sorted = (value: unknown): unknown =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
        )
      : value;
  return JSON.stringify(sorted(capabilities));
}

function upstreamFailure(o: SessionOptions, error: unknown, body: unknown): Response {
  const message = error instanceof Error ? error.message : String(error);
  o.log(message);
  const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
  return Response.json(
    {
      jsonrpc: '2.0',
      error: { code: -32603, message: `could not connect to the upstream server: ${message}` },
      id: typeof id === 'string' || typeof id === 'number' ? id : null,
    },
    { status: 502 },
  );
}
