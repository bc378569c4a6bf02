// The proxy's face to the host: an SDK Server that advertises what the upstream server offers
// (with its list-changed and subscribe flags) and forwards it all.
import type { ServerCapabilities } from '@modelcontextprotocol/client';
import type { Connection } from '../connect/connect.js';
import type { Era } from '../contracts/protocol.js';
import type { CallLedger } from './call-ledger.js';
import { forwardNotifications } from './forward-notifications.js';
import { forwardRequests } from './forward-requests.js';
import { createTaskRelay, HostServer, registerTaskMethods } from './forward-tasks.js';
import type { HostRounds } from './host-rounds.js';
import type { PersonWaiting } from './person-waiting.js';
import { advertisedTasks, hasTaskParam, type TaskHost, type TaskRelay, taskEra } from './task-host.js';

/** The task relay of a host that drives tasks itself, made once per host session. */
export interface HostTasks {
  readonly era: Era;
  readonly relay: TaskRelay;
}

/** What a host's session brings besides the upstream connection. */
export interface HostServerOptions {
  readonly label: string;
  readonly log: (line: string) => void;
  /** For a 2026-07-28 host: prompts it answers travel as input_required rounds. */
  readonly rounds?: HostRounds;
  /** The proxy's own front-end asking someone (keep-alive). */
  readonly waiting?: PersonWaiting;
  /** The host session's calls open upstream (call-ledger.ts). */
  readonly ledger?: CallLedger;
  /** A host that drives tasks itself (hostTasks). */
  readonly tasks?: HostTasks;
  /** False for a per-request server (the URL face's 2026 leg), which has no channel of its own for them. */
  readonly notifications: boolean;
}

/** The relay for a host that declared tasks on the upstream session's era; undefined otherwise. */
export function hostTasks(
  upstream: Connection,
  taskHost: TaskHost,
  log: (line: string) => void,
): HostTasks | undefined {
  const era = taskEra(taskHost, upstream.client);
  if (!era) return undefined;
  const relay = createTaskRelay(era, {
    upstream: upstream.client,
    session: upstream.session,
    plan: taskHost.plan,
    log,
  });
  return { era, relay };
}

export function createHostServer(upstream: Connection, o: HostServerOptions): HostServer {
  const { label, log, rounds, waiting, ledger } = o;
  const capabilities = upstream.client.getServerCapabilities() ?? {};
  // A host that drives tasks itself is offered the upstream's (forward-tasks.ts); others are not.
  const era = o.tasks?.era;
  const tasks = o.tasks?.relay;
  const offered = { ...advertised(capabilities), ...(era && advertisedTasks(era, capabilities)) };
  const info = upstream.client.getServerVersion() ?? { name: label, version: '0.0.0' };
  const instructions = upstream.client.getInstructions();
  const server = new HostServer(info, {
    capabilities: offered,
    ...(instructions !== undefined && { instructions }),
  });
  if (tasks && era === '2025-11-25') server.taskAugmented = (request) => hasTaskParam(request.params);
  forwardRequests(server, offered, {
    upstream: upstream.client,
    session: upstream.session,
    label,
    ...(rounds && { rounds }),
    ...(waiting && { waiting }),
    ...(ledger && { ledger }),
    ...(tasks && { tasks }),
    onLogLevel: (level) => {
      server.logLevel = level;
    },
  });
  server.logging = offered.logging !== undefined;
  if (tasks && era) registerTaskMethods(server, tasks, era, label);
  if (o.notifications) forwardNotifications(server, upstream.client, log, tasks?.outbound);
  return server;
}

/** The features a host can use through the proxy, exactly as the upstream server declared them. */
function advertised(upstream: ServerCapabilities): ServerCapabilities {
  const { tools, prompts, resources, completions, logging } = upstream;
  return {
    ...(tools && { tools }),
    ...(prompts && { prompts }),
    ...(resources && { resources }),
    ...(completions && { completions }),
    ...(logging && { logging }),
  };
}
