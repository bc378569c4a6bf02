// How the connected server is named to the person: the label the user gave it first, then the
// name and version it gives itself (self-asserted, known once connected).
import type { Client } from '@modelcontextprotocol/client';
import type { ServerIdentity } from '../contracts/server-identity.js';

export function describeServer(client: Client, identity: ServerIdentity): () => ServerIdentity {
  // Built once per server info object.
  let described: { info: unknown; identity: ServerIdentity } | undefined;
  return () => {
    const info = client.getServerVersion();
    if (described !== undefined && described.info === info) return described.identity;
    const full: ServerIdentity = {
      ...identity,
      ...(info?.name !== undefined && identity.selfName === undefined && { selfName: info.name }),
      ...(info?.version !== undefined && identity.selfVersion === undefined && { selfVersion: info.version }),
    };
    described = { info, identity: full };
    return full;
  };
}
