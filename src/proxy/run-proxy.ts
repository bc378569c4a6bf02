// Runs the proxy: the host on this process's stdio, the upstream server through the connection layer (src/connect/)
// (era negotiation and cache included), connected once the host said what it declared. Settles
// with the exit status: 0 when the host went away, 1 when the upstream server did.
import type { Readable, Writable } from 'node:stream';
import type { Server } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { type Connection, connect, type ProtocolChoice, type ResolvedTarget } from '../connect/connect.js';
import { ElicitError } from '../contracts/elicit-error.js';
import type { ElicitationMode } from '../contracts/protocol.js';
import type { Renderer } from '../contracts/renderer.js';
import type { UrlOpener } from '../contracts/url-step.js';
import type { AuditListener } from '../mcp/audit.js';
import type { ElicitationListener } from '../mcp/events.js';
import type { PromptQueue } from '../mcp/prompt-queue.js';
import { forwardClientFeatures, hostElicitationModes } from './client-features.js';
import { type ElicitChoice, planRoutes, type RoutePlan } from './elicit-route.js';
import { relayUrlCompletions } from './forward-notifications.js';
import { type HostHello, WatchedTransport } from './host-hello.js';
import { RoutingRenderer } from './host-renderer.js';
import { HostRounds } from './host-rounds.js';
import { createHostServer } from './host-server.js';
import { guardHostStdio } from './host-stdio.js';
import { PersonWaiting } from './person-waiting.js';
import { proxySignInRenderer } from './sign-in-renderer.js';
import type { TaskHost } from './task-host.js';

const NO_TIMEOUT_MS = 2_147_000_000;
/** Under the shortest request timeout of the hosts in docs/proxy.md (the SDK's 60 s default). */
export const DEFAULT_KEEP_ALIVE_MS = 20_000;

export interface ProxyOptions {
  readonly target: ResolvedTarget;
  readonly label: string;
  readonly protocol: ProtocolChoice;
  readonly useEraCache: boolean;
  readonly env: NodeJS.ProcessEnv;
  readonly elicit: ElicitChoice;
  /** The proxy's own front-end and the modes it can serve. */
  readonly self: Renderer;
  readonly selfModes: readonly ElicitationMode[];
  readonly opener: UrlOpener;
  readonly stdin: Readable;
  readonly stdout: Writable;
  /** Diagnostics (never stdout: that is the host's protocol channel). */
  readonly log: (line: string) => void;
  readonly onServerStderr: (chunk: string) => void;
  readonly onEvent?: ElicitationListener;
  /** `--audit-log`: one entry per elicitation, whoever answered it (the host or our front-end). */
  readonly audit?: AuditListener;
  /** The queue (and its `--rate-limit`) every elicitation of the server waits in. */
  readonly queue?: PromptQueue;
  /** `--keep-alive`: how often a host request waiting on the proxy's own front-end is kept alive, or false. */
  readonly keepAliveMs?: number | false;
  /** Aborting stops the proxy (SIGINT, SIGTERM). */
  readonly signal?: AbortSignal;
}

export interface RunningProxy {
  /** The exit status, once either side has gone. */
  readonly done: Promise<number>;
  stop(): Promise<number>;
}

export function startProxy(o: ProxyOptions): RunningProxy {
  const watched = new WatchedTransport(guardHostStdio(new StdioServerTransport(o.stdin, o.stdout)));
  const person = new PersonWaiting(o.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS);
  const rounds = new HostRounds(person);
  let host: Server | undefined;
  let upstream: Promise<Connection> | undefined;
  let renderer: RoutingRenderer | undefined;
  let taskHost: TaskHost | undefined;
  let stopping: Promise<number> | undefined;
  let exit!: (status: number) => void;
  const done = new Promise<number>((resolve) => {
    exit = resolve;
  });
  const currentHost = (): Server => {
    if (!host) throw new ElicitError('not-connected', 'the host is not connected');
    return host;
  };

  const open = async (): Promise<Connection> => {
    const side: HostSide = { hello: await watched.hello, rounds, person, currentHost };
    const plan = planRoutes(o.elicit, hostElicitationModes(side.hello), o.selfModes);
    const routing = hostRouting(o, side, plan);
    renderer = routing;
    taskHost = { hello: side.hello, plan };
    const connection = await connectUpstream(o, side, plan, routing);
    if (side.hello.era === '2025-11-25')
      relayUrlCompletions(connection.client, (id) => routing.takeHostCompletion(id), currentHost, o.log);
    connection.client.onclose = () => {
      if (stopping) return;
      o.log(`upstream server ${o.label} closed the connection; stopping so the host can restart it`);
      void stop(1);
    };
    return connection;
  };

  const handle = serveStdio(
    async ({ era }) => {
      upstream ??= open();
      let connection: Connection;
      try {
        connection = await upstream;
      } catch (error) {
        o.log((error as Error).message);
        void stop(1);
        throw error;
      }
      host = createHostServer(connection, {
        label: o.label,
        log: o.log,
        ...(era === 'modern' /* the SDK's name */ && { rounds }),
        waiting: person,
        ...(taskHost && { taskHost }),
      });
      return host;
    },
    { transport: watched, onerror: (error) => o.log(`host connection: ${error.message}`) },
  );

  const stop = (status: number): Promise<number> => {
    stopping ??= (async () => {
      // Let the errors of requests the upstream failed reach the host before its pipe closes.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await handle.close().catch(() => {});
      const connection = await upstream?.catch(() => undefined);
      await connection?.close().catch(() => {});
      await (renderer ?? o.self).close?.();
      exit(status);
      return status;
    })();
    return stopping;
  };
  void watched.closed.then(() => stop(0));
  o.signal?.addEventListener('abort', () => void stop(0), { once: true });
  return { done, stop: () => stop(0) };
}

/** What the upstream wiring needs from the host side of a running proxy. */
interface HostSide {
  readonly hello: HostHello;
  readonly rounds: HostRounds;
  readonly person: PersonWaiting;
  readonly currentHost: () => Server;
}

// The renderer that sends each elicitation to the host or to our own front-end, as the plan says.
function hostRouting(o: ProxyOptions, side: HostSide, plan: RoutePlan): RoutingRenderer {
  return new RoutingRenderer(
    o.self,
    plan,
    (params, signal) =>
      side.hello.era === '2026-07-28'
        ? side.rounds.ask(params, signal)
        : // A plain request, not elicitInput: the SDK would throw away content that does not fit,
          // which the routing renderer hands to the person instead (proxy/host-unfit.ts).
          side
            .currentHost()
            .request(
              { method: 'elicitation/create', params: params as never },
              { signal, timeout: NO_TIMEOUT_MS },
            ),
    o.log,
    side.person,
  );
}

// Connects to the upstream server with the routing renderer in front and the host's features forwarded.
function connectUpstream(
  o: ProxyOptions,
  side: HostSide,
  plan: RoutePlan,
  routing: RoutingRenderer,
): Promise<Connection> {
  return connect({
    target: o.target,
    label: o.label,
    protocol: o.protocol,
    useEraCache: o.useEraCache,
    env: o.env,
    renderer: routing,
    signInRenderer: proxySignInRenderer(o.self, o.log),
    attach: {
      modes: plan.modes,
      opener: { open: async (url) => (routing.openedByHost(url) ? { ok: true } : o.opener.open(url)) },
      ...(o.onEvent && { onEvent: o.onEvent }),
      ...(o.audit && { audit: o.audit }),
      ...(o.queue && { queue: o.queue }),
    },
    onServerStderr: o.onServerStderr,
    configure: (client) => forwardClientFeatures(client, side.hello, side.currentHost, side.rounds),
  });
}
