// The proxy's face to the host: an SDK Server that advertises what the upstream server offers
// (with its list-changed and subscribe flags) and forwards it all.
import type { ServerCapabilities } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import type { Connection } from '../connect/connect.js';
import { forwardNotifications } from './forward-notifications.js';
import { forwardRequests } from './forward-requests.js';
import type { HostRounds } from './host-rounds.js';
import type { PersonWaiting } from './person-waiting.js';

export function createHostServer(
  upstream: Connection,
  label: string,
  log: (line: string) => void,
  rounds: HostRounds | undefined,
  waiting?: PersonWaiting,
): Server {
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
    ...(waiting && { waiting }),
  });
  forwardNotifications(server, upstream.client, log);
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
