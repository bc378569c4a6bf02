// Hooks a connection's progress and log notifications to an Activity, asks the server for the
// chosen log level, and shows "starting <server>…" when the start takes over a second.
import { LOG_LEVEL_META_KEY } from '@modelcontextprotocol/client';
import type { Connection } from '../../connect/connect.js';
import { sanitizeText } from '../../core/sanitize.js';
import type { SessionRequestOptions } from '../../mcp/session-requests.js';
import { Activity } from '../activity.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';

/** Messages below this are not shown when no --log-level was given (server-everything logs a lot). */
const DEFAULT_LOG_LEVEL = 'warning';
const STARTING_AFTER_MS = 1000;

export function createActivity(args: CliArgs, io: Io): Activity {
  return new Activity({
    write: (text) => io.stderr.write(text),
    live: io.stderr.isTTY === true,
    verbose: args.verbose,
    logLevel: args.logLevel ?? DEFAULT_LOG_LEVEL,
    ...(io.stderr.columns !== undefined && { columns: io.stderr.columns }),
  });
}

/** Says "starting <label>…" once the connection has taken a second (a first `npx -y`); returns a stop. */
export function announceSlowStart(args: CliArgs, io: Io, label: string): () => void {
  if (io.stderr.isTTY !== true && !args.verbose) return () => {};
  const timer = setTimeout(() => {
    io.stderr.write(`starting ${sanitizeText(label, { maxLength: 80 })}…\n`);
  }, STARTING_AFTER_MS);
  timer.unref();
  return () => clearTimeout(timer);
}

export async function watchActivity(
  args: CliArgs,
  connection: Connection,
  activity: Activity,
): Promise<void> {
  const { client } = connection;
  client.setNotificationHandler('notifications/message', (notification) => {
    activity.log(notification.params as { level: string; logger?: string; data?: unknown });
  });
  connection.session.queue.onActivity((active) => activity.pause(active));
  // 2025-11-25 has logging/setLevel; 2026-07-28 carries the level in each request's _meta.
  if (
    args.logLevel !== undefined &&
    connection.era === '2025-11-25' &&
    client.getServerCapabilities()?.logging
  ) {
    await client.setLoggingLevel(args.logLevel, { timeout: args.timeoutMs }).catch(() => {});
  }
}

/** Options and params `_meta` for a request that reports progress to `activity`. */
export function requestExtras(
  args: CliArgs,
  io: Io,
  connection: Connection,
  activity: Activity,
): { options: SessionRequestOptions; meta: Record<string, unknown> | undefined } {
  return {
    options: {
      timeoutMs: args.timeoutMs,
      ...(io.signal && { signal: io.signal }),
      ...(io.rounds && { rounds: io.rounds }),
      ...(io.tasks && { tasks: io.tasks }),
      onprogress: (progress) => activity.progress(progress),
      resetTimeoutOnProgress: true,
    },
    meta:
      args.logLevel !== undefined && connection.era === '2026-07-28'
        ? { [LOG_LEVEL_META_KEY]: args.logLevel }
        : undefined,
  };
}
