// Listens on 127.0.0.1 only, on a port the system picks (or the one asked for); closes every
// connection on stop so no listener or keep-alive socket is left behind.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { LOOPBACK } from './loopback.js';

export interface Listening {
  readonly port: number;
  close(): Promise<void>;
}

/** `makeApp` gets the port (the app checks Host and Origin against it) once it is known. */
export function listen(makeApp: (port: number) => Hono, port: number): Promise<Listening> {
  return new Promise((resolve, reject) => {
    let app: Hono | undefined;
    const server = serve({
      // No request can arrive before 'listening', when the app exists.
      fetch: (request, env) => (app as Hono).fetch(request, env),
      hostname: LOOPBACK,
      port,
    }) as Server;
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      app = makeApp(address.port);
      resolve({
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
