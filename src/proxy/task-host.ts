// Whether a host drives tasks itself, and what the two eras' task relays share: a host that declared
// tasks (the 2025-11-25 `tasks` capability, or the 2026-07-28 Tasks extension, SEP-2663) on the
// upstream session's era is offered the upstream's task support (forward-tasks.ts wires it).
import {
  CLIENT_CAPABILITIES_META_KEY,
  type Client,
  type ClientCapabilities,
  type Notification,
  type ServerCapabilities,
} from '@modelcontextprotocol/client';
import type { ServerContext } from '@modelcontextprotocol/server';
import { type Era, eraOf } from '../contracts/protocol.js';
import type { ElicitationSession } from '../mcp/attach.js';
import type { RoutePlan } from './elicit-route.js';
import type { HostHello } from './host-hello.js';
import { isRecord } from './passthrough.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** What the host said and who answers each mode: decided before the host server exists. */
export interface TaskHost {
  readonly hello: HostHello;
  readonly plan: RoutePlan;
}

export type TaskForward = (
  params: Record<string, unknown> | undefined,
  ctx: ServerContext,
) => Promise<unknown>;

/** One era's forwarding, for one host server. */
export interface TaskRelay {
  /** Whether this tools/call asks for a task (2025: `params.task`; 2026: the extension declared on it). */
  readonly createsTask: (params: Record<string, unknown> | undefined, ctx: ServerContext) => boolean;
  readonly create: TaskForward;
  /** The tasks/* methods, each forwarded upstream. */
  readonly methods: ReadonlyMap<string, TaskForward>;
  /** An upstream notification on its way to the host. */
  readonly outbound?: (notification: Notification) => Notification;
}

export interface RelayDeps {
  readonly upstream: Client;
  readonly session: ElicitationSession;
  readonly plan: RoutePlan;
  readonly log: (line: string) => void;
}

/**
 * The era whose tasks this host drives itself: it declared tasks, the upstream offers them, and
 * both sides speak that era (a task is not translated between eras; the proxy runs those itself).
 */
export function taskEra(host: TaskHost | undefined, upstream: Client): Era | undefined {
  if (!host) return undefined;
  const offered = upstream.getServerCapabilities() ?? {};
  const era = eraOf(upstream.getProtocolEra());
  if (host.hello.era !== era) return undefined;
  if (era === '2025-11-25')
    return host.hello.capabilities.tasks !== undefined && offered.tasks?.requests?.tools?.call !== undefined
      ? era
      : undefined;
  return declaresExtension(host.hello.capabilities) && offered.extensions?.[TASKS_EXTENSION] !== undefined
    ? era
    : undefined;
}

/** The upstream's task support, as the host sees it: only what the proxy forwards. */
export function advertisedTasks(era: Era, upstream: ServerCapabilities): ServerCapabilities {
  if (era === '2026-07-28')
    return { extensions: { [TASKS_EXTENSION]: upstream.extensions?.[TASKS_EXTENSION] ?? {} } };
  const { list, cancel, requests } = upstream.tasks ?? {};
  return {
    tasks: {
      ...(list && { list }),
      ...(cancel && { cancel }),
      requests: { tools: { call: requests?.tools?.call ?? {} } },
    },
  };
}

/** A 2025 tools/call asking for a task. */
export function hasTaskParam(params: unknown): boolean {
  return isRecord(params) && isRecord(params.task);
}

/** Whether these capabilities (a 2026 request's, or the host's first) declare the Tasks extension. */
export function declaresExtension(capabilities: ClientCapabilities | undefined): boolean {
  return capabilities?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** The capabilities a 2026 host declared on this request. */
export function requestCapabilities(ctx: ServerContext): ClientCapabilities | undefined {
  const sources = [ctx.mcpReq._meta, (ctx.mcpReq as { envelope?: unknown }).envelope];
  for (const source of sources) {
    // The SDK lifts the envelope off `_meta`; which key it keeps there is its own.
    const declared = isRecord(source)
      ? (source[CLIENT_CAPABILITIES_META_KEY] ?? source.clientCapabilities)
      : undefined;
    if (isRecord(declared)) return declared as ClientCapabilities;
  }
  return undefined;
}
