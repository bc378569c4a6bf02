// Shared by call, prompt and read: one request that may elicit, with progress shown while it runs,
// then the result as text or as the --json report. Exit 0, or 1 when the result is an error.
import { ElicitError } from '../../contracts/elicit-error.js';
import { safeJsonStringify } from '../../core/safe-json.js';
import type { SessionRequestOptions } from '../../mcp/session-requests.js';
import { unansweredElicitations, unansweredMessage } from '../answered.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';
import type { JsonReport } from '../output.js';
import { requestFailureMessage } from '../request-failure.js';
import type { CommandContext } from './context.js';
import { type OpenSession, openSession } from './session.js';
import { requestExtras } from './watch-activity.js';

export interface Presented {
  readonly ok: boolean;
  /** Printed on stdout when ok, on stderr otherwise. */
  readonly text: string;
  readonly error?: { code: string; message: string };
}

export interface RequestSpec<T> {
  /** For the failure message, e.g. `tools/call profile`. */
  readonly describe: string;
  /** Runs before the request (e.g. reads the tool's inputSchema to type --arg values). */
  readonly prepare?: (session: OpenSession) => Promise<void>;
  readonly send: (
    session: OpenSession,
    options: SessionRequestOptions,
    meta: Record<string, unknown> | undefined,
  ) => Promise<T>;
  readonly present: (result: T) => Presented;
}

export async function runRequest<T>(
  args: CliArgs,
  io: Io,
  context: CommandContext,
  spec: RequestSpec<T>,
): Promise<number> {
  const session = await openSession(args, io, context);
  try {
    const { connection, activity } = session;
    await spec.prepare?.(session);
    const { options, meta } = requestExtras(args, io, connection, activity);
    let result: T;
    try {
      result = await spec.send(session, options, meta);
    } catch (error) {
      throw new ElicitError(
        'request',
        `${spec.describe} failed: ${requestFailureMessage(error, context.events)}`,
        {
          cause: error,
        },
      );
    } finally {
      activity.end();
    }
    const shown = spec.present(result);
    const unanswered = unansweredElicitations(args, context.events);
    if (args.json) {
      const report: JsonReport = {
        ok: shown.ok && unanswered.length === 0,
        result,
        elicitations: context.events,
        ...(context.tasks.length > 0 && { tasks: context.tasks }),
        protocol: { era: connection.era, version: connection.version },
        ...(activity.records.length > 0 && { activity: activity.records }),
        ...(shown.error && { error: shown.error }),
        ...(shown.ok &&
          unanswered.length > 0 && {
            error: { code: 'unanswered', message: unansweredMessage(unanswered, context.events.length) },
          }),
      };
      io.stdout.write(`${safeJsonStringify(report)}\n`);
    } else if (shown.ok) {
      io.stdout.write(shown.text);
    } else {
      io.stderr.write(shown.text);
    }
    return shown.ok ? 0 : 1;
  } finally {
    await session.close();
  }
}
