// The proxy's face to the host: an SDK Server that advertises what the upstream server offers
// (with its list-changed and subscribe flags) and forwards it all.
import type { ServerCapabilities } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import type { Connection } from '../connect/connect.js';
import { forwardNotifications } from './forward-notifications.js';
import { forwardRequests } from './forward-requests.js';
import type { HostRounds } from './host-rounds.js';

export interface HostServerOptions {
  /** For a 2026-07-28 host: prompts it answers travel as input_required rounds. */
  readonly rounds?: HostRounds;
  /** False for a per-request server (the URL face's 2026 leg), which has no channel of its own for them. */
  readonly notifications: boolean;
}

export function createHostServer(
  upstream: Connection,
  label: string,
  log: (line: string) => void,
  options: HostServerOptions,
): Server {
  const { rounds } = options;
  const offered = advertised(upstream.client.getServerCapabilities() ?? {});
  const info = upstream.client.getServerVersion() ?? { name: label, version: '0.0.0' };
  const instructions = upstream.client.getInstructions();
  const server = new Server(info, {
    capabilities: offered,
    ...(instructions !== undefined && { instructions }),
  });
  forwardRequests(server, offered, {
    upstream: upstream.client,
    session: upstream.session,
    label,
    ...(rounds && { rounds }),
  });
  if (options.notifications) forwardNotifications(server, upstream.client, log);
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
