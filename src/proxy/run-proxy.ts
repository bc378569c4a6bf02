// Runs the proxy's stdio face: the host on this process's stdio, the upstream server through the
// connection layer (src/connect/) (era negotiation and cache included), connected once the host
// said what it declared (host-session.ts). Settles with the exit status: 0 when the host went
// away, 1 when the upstream server did.
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { eraOf } from '../contracts/protocol.js';
import { WatchedTransport } from './host-hello.js';
import { HostSession, type SessionOptions } from './host-session.js';
import { guardHostStdio } from './host-stdio.js';
import { keepAliveIntervals, PersonWaiting } from './person-waiting.js';

export type { SessionOptions } from './host-session.js';

export interface ProxyOptions extends SessionOptions {
  readonly stdin: Readable;
  readonly stdout: Writable;
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
  let stopping: Promise<number> | undefined;
  let exit!: (status: number) => void;
  const done = new Promise<number>((resolve) => {
    exit = resolve;
  });
  const session = new HostSession(
    o,
    watched.hello,
    () => {
      if (stopping) return;
      o.log(`upstream server ${o.label} closed the connection; stopping so the host can restart it`);
      void stop(1);
    },
    new PersonWaiting(keepAliveIntervals(o.keepAliveMs)),
  );

  const handle = serveStdio(
    async ({ era }) => {
      try {
        return await session.server(eraOf(era));
      } catch (error) {
        o.log((error as Error).message);
        void stop(1);
        throw error;
      }
    },
    { transport: watched, onerror: (error) => o.log(`host connection: ${error.message}`) },
  );

  const stop = (status: number): Promise<number> => {
    stopping ??= (async () => {
      // Let the errors of requests the upstream failed reach the host before its pipe closes.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await handle.close().catch(() => {});
      await session.close();
      await o.self.close?.();
      exit(status);
      return status;
    })();
    return stopping;
  };
  void watched.closed.then(() => stop(0));
  o.signal?.addEventListener('abort', () => void stop(0), { once: true });
  return { done, stop: () => stop(0) };
}
