// The proxy's face to the host: an SDK Server that advertises what the upstream server offers
// (with its list-changed and subscribe flags) and forwards it all.
import type { ServerCapabilities } from '@modelcontextprotocol/client';
import type { Server } from '@modelcontextprotocol/server';
import type { Connection } from '../connect/connect.js';
import { forwardNotifications } from './forward-notifications.js';
import { forwardRequests } from './forward-requests.js';
import { createTaskRelay, HostServer, registerTaskMethods } from './forward-tasks.js';
import type { HostRounds } from './host-rounds.js';
import type { PersonWaiting } from './person-waiting.js';
import { advertisedTasks, hasTaskParam, type TaskHost, taskEra } from './task-host.js';

/** What a host's session brings besides the upstream connection. */
export interface HostServerOptions {
  readonly label: string;
  readonly log: (line: string) => void;
  /** For a 2026-07-28 host: prompts it answers travel as input_required rounds. */
  readonly rounds?: HostRounds;
  /** The proxy's own front-end asking someone (keep-alive). */
  readonly waiting?: PersonWaiting;
  /** A host that drives tasks itself. */
  readonly taskHost?: TaskHost;
}

export function createHostServer(upstream: Connection, o: HostServerOptions): Server {
  const { label, log, rounds, waiting, taskHost } = o;
  const capabilities = upstream.client.getServerCapabilities() ?? {};
  // A host that drives tasks itself is offered the upstream's (forward-tasks.ts); others are not.
  const era = taskEra(taskHost, upstream.client);
  const offered = { ...advertised(capabilities), ...(era && advertisedTasks(era, capabilities)) };
  const info = upstream.client.getServerVersion() ?? { name: label, version: '0.0.0' };
  const instructions = upstream.client.getInstructions();
  const server = new HostServer(info, {
    capabilities: offered,
    ...(instructions !== undefined && { instructions }),
  });
  const tasks =
    era && taskHost
      ? createTaskRelay(era, {
          upstream: upstream.client,
          session: upstream.session,
          plan: taskHost.plan,
          log,
        })
      : undefined;
  if (tasks && era === '2025-11-25') server.taskAugmented = (request) => hasTaskParam(request.params);
  forwardRequests(server, offered, {
    upstream: upstream.client,
    session: upstream.session,
    label,
    ...(rounds && { rounds }),
    ...(waiting && { waiting }),
    ...(tasks && { tasks }),
  });
  if (tasks && era) registerTaskMethods(server, tasks, era, label);
  forwardNotifications(server, upstream.client, log, tasks?.outbound);
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
