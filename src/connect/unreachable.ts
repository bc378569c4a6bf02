// A request whose connection was never made (refused, no such host, no route) reached no server.
// main.ts reports it as a connection failure, whenever it happens: before the first request (as
// connect.ts does) or later, so that `answer` knows its parked question was never delivered.
import { ElicitError } from '../contracts/elicit-error.js';

const NEVER_CONNECTED: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
};

/** A `connect` failure when `error` (or a cause) is a socket that never connected. */
export function unreachable(error: unknown): ElicitError<'connect'> | undefined {
  const queue: unknown[] = [error];
  for (let seen = 0; queue.length > 0 && seen < 20; seen++) {
    const e = queue.shift() as { code?: unknown; cause?: unknown; errors?: unknown } | undefined;
    if (typeof e !== 'object' || e === null) continue;
    const why = typeof e.code === 'string' ? NEVER_CONNECTED[e.code] : undefined;
    if (why !== undefined)
      return new ElicitError('connect', `could not reach the server (${why})`, { cause: error });
    queue.push(e.cause, ...(Array.isArray(e.errors) ? e.errors : []));
  }
  return undefined;
}
