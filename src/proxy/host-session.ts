// One host's share of the proxy, the same for the stdio face and the URL face: its hello (era and
// capabilities) decides the route plan, then its own upstream connection, routing renderer and
// 2026 rounds are made, and a host-facing SDK Server per serving unit the SDK asks for.
import type { Server } from '@modelcontextprotocol/server';
import { type Connection, connect, type ProtocolChoice, type ResolvedTarget } from '../connect/connect.js';
import { ElicitError } from '../contracts/elicit-error.js';
import type { ElicitationMode, Era } from '../contracts/protocol.js';
import type { Renderer } from '../contracts/renderer.js';
import type { UrlOpener } from '../contracts/url-step.js';
import type { AuditListener } from '../mcp/audit.js';
import type { ElicitationListener } from '../mcp/events.js';
import type { PromptQueue } from '../mcp/prompt-queue.js';
import { wrapRegisteredHandler } from '../mcp/sdk-seam.js';
import { CallLedger } from './call-ledger.js';
import { forwardClientFeatures, hostElicitationModes } from './client-features.js';
import { type ElicitChoice, planRoutes, type RoutePlan } from './elicit-route.js';
import { relayUrlCompletions } from './forward-notifications.js';
import type { HostServer } from './forward-tasks.js';
import type { HostHello } from './host-hello.js';
import { RoutingRenderer } from './host-renderer.js';
import { HostRounds } from './host-rounds.js';
import { createHostServer, type HostTasks, hostTasks } from './host-server.js';
import { type PageAddress, tellCallsOfPage, tellHostOfPage } from './page-notice.js';
import type { PersonWaiting } from './person-waiting.js';
import { proxySignInRenderer } from './sign-in-renderer.js';

const NO_TIMEOUT_MS = 2_147_000_000;
/** A server that never answers the ping after a cancel: the call stops counting as a possible asker then. */
const FENCE_MS = 10_000;

/** What every host session needs: the upstream server, who answers, and where diagnostics go. */
export interface SessionOptions {
  readonly target: ResolvedTarget;
  readonly label: string;
  readonly protocol: ProtocolChoice;
  readonly useEraCache: boolean;
  readonly env: NodeJS.ProcessEnv;
  readonly elicit: ElicitChoice;
  /** The proxy's own front-end and the modes it can serve (shared by every host session). */
  readonly self: Renderer;
  readonly selfModes: readonly ElicitationMode[];
  readonly opener: UrlOpener;
  /** Diagnostics (never stdout: that may be the host's protocol channel). */
  readonly log: (line: string) => void;
  readonly onServerStderr: (chunk: string) => void;
  readonly onEvent?: ElicitationListener;
  /** `--audit-log`: one entry per elicitation, whoever answered it (the host or our front-end). */
  readonly audit?: AuditListener;
  /** The queue (and its `--rate-limit`) every elicitation of the server waits in. */
  readonly queue?: PromptQueue;
  /** `--keep-alive`: how often a host request waiting on the proxy's own front-end is kept alive, or false. */
  readonly keepAliveMs?: number | false;
  /** Under `auto`, a host refusal sooner than this (ms) is not a person's (host-refusal.ts). */
  readonly hostReadMs?: number;
  /** The proxy's own page, whose address a host session is told while a person is asked there. */
  readonly pageAddress?: PageAddress;
}

export class HostSession {
  readonly rounds: HostRounds;
  /** This host's calls open upstream, and which of them a server request may belong to. */
  readonly #ledger = new CallLedger();
  #host: HostServer | undefined;
  #era: Era | undefined;
  /** The task relay of a host that drives tasks itself (one per session, kept across serving units). */
  #tasks: HostTasks | undefined;
  #upstream: Promise<Connection> | undefined;
  #closing: Promise<void> | undefined;
  readonly #person: PersonWaiting;
  readonly #o: SessionOptions;
  readonly #hello: Promise<HostHello>;
  readonly #onUpstreamClosed: () => void;

  /**
   * @param onUpstreamClosed runs when the upstream server goes away on its own (not when we close it).
   * @param person shared by every session of a face (person-waiting.ts); this session sees it through its own view.
   */
  constructor(
    o: SessionOptions,
    hello: Promise<HostHello>,
    onUpstreamClosed: () => void,
    person: PersonWaiting,
  ) {
    this.#o = o;
    this.#hello = hello;
    this.#onUpstreamClosed = onUpstreamClosed;
    this.#person = person.forSession(this.#ledger);
    const address = o.pageAddress;
    // A 2025-11-25 session logs on the session; a 2026 host's log level travels per request, so
    // each call that may have asked is told on its own open request (page-notice.ts).
    if (address)
      this.#person.onAsk = () =>
        this.#era === '2026-07-28'
          ? tellCallsOfPage(address, this.#ledger.askers(), o.label)
          : tellHostOfPage(address, () => this.#host, o.label);
    this.rounds = new HostRounds(this.#person, this.#ledger);
  }

  /** Connects upstream on the first call (rejecting if it cannot), then makes a host-facing Server. */
  async server(era: Era, options: { notifications?: boolean } = {}): Promise<Server> {
    this.#upstream ??= this.#open();
    const connection = await this.#upstream;
    if (this.#closing) throw new ElicitError('not-connected', 'the host session has ended');
    this.#era = era;
    this.#host = createHostServer(connection, {
      label: this.#o.label,
      log: this.#o.log,
      ...(era === '2026-07-28' && { rounds: this.rounds }),
      waiting: this.#person,
      ledger: this.#ledger,
      ...(this.#tasks && { tasks: this.#tasks }),
      notifications: options.notifications ?? true,
    });
    return this.#host;
  }

  /** The upstream connection once it is open (undefined before the first host request). */
  connection(): Promise<Connection | undefined> {
    return this.#upstream?.catch(() => undefined) ?? Promise.resolve(undefined);
  }

  /** Closes this host's upstream connection: its pending elicitations end as the connection does. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      const connection = await this.connection();
      await connection?.close().catch(() => {});
    })();
    return this.#closing;
  }

  #currentHost = (): Server => {
    if (!this.#host) throw new ElicitError('not-connected', 'the host is not connected');
    return this.#host;
  };

  async #open(): Promise<Connection> {
    const hello = await this.#hello;
    const side: HostSide = {
      hello,
      // A host may probe 2026-07-28 (server/discover) and then fall back to initialize: route by
      // the era it now speaks, not by its first message (Claude Code 2.1.332 when a server starts slowly).
      era: () => this.#era ?? hello.era,
      rounds: this.rounds,
      person: this.#person,
      ledger: this.#ledger,
      currentHost: this.#currentHost,
    };
    const plan = planRoutes(this.#o.elicit, hostElicitationModes(hello), this.#o.selfModes);
    const routing = hostRouting(this.#o, side, plan);
    const connection = await connectUpstream(this.#o, side, plan, routing);
    this.#tasks = hostTasks(connection, { hello, plan }, this.#o.log);
    // Only what was sent to a 2025 host as URL mode is taken (takeHostCompletion), whatever the first hello said.
    relayUrlCompletions(
      connection.client,
      (id) => routing.takeHostCompletion(id),
      this.#currentHost,
      this.#o.log,
    );
    connection.client.onclose = () => {
      if (this.#closing) return;
      this.#onUpstreamClosed();
    };
    return connection;
  }
}

/** What the upstream wiring needs from the host side of a session. */
interface HostSide {
  readonly hello: HostHello;
  /** The era the host speaks now. */
  readonly era: () => Era;
  readonly rounds: HostRounds;
  readonly person: PersonWaiting;
  readonly ledger: CallLedger;
  readonly currentHost: () => Server;
}

// The renderer that sends each elicitation to the host or to our own front-end, as the plan says.
function hostRouting(o: SessionOptions, side: HostSide, plan: RoutePlan): RoutingRenderer {
  return new RoutingRenderer(
    o.self,
    plan,
    (params, signal) =>
      side.era() === '2026-07-28'
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
    o.hostReadMs,
  );
}

// Connects to the upstream server with the routing renderer in front and the host's features forwarded.
function connectUpstream(
  o: SessionOptions,
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
      // Most calls through a proxy elicit nothing: the engine loads on the first elicitation.
      loadEngineOnFirstUse: true,
      opener: { open: async (url) => (routing.openedByHost(url) ? { ok: true } : o.opener.open(url)) },
      ...(o.onEvent && { onEvent: o.onEvent }),
      ...(o.audit && { audit: o.audit }),
      ...(o.queue && { queue: o.queue }),
    },
    onServerStderr: o.onServerStderr,
    configure: (client) => {
      forwardClientFeatures(
        client,
        { capabilities: side.hello.capabilities, era: side.era },
        side.currentHost,
        side.rounds,
        side.ledger,
      );
      // What the server asks is noted with the calls open as it arrives (call-ledger.ts).
      wrapRegisteredHandler(
        client,
        'elicitation/create',
        (served) => (request, ctx) => side.ledger.arrived(() => served(request, ctx)),
      );
      // A 2025 server has seen a cancel once it answers a ping sent after it (stdio keeps order).
      side.ledger.useFence(() =>
        client.getProtocolEra() === 'modern' ? Promise.resolve() : client.ping({ timeout: FENCE_MS }),
      );
    },
  });
}
