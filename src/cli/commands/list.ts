// Shared by tools, prompts and resources: one or more list requests, then text or the --json report.

import type { Connection } from '../../connect/connect.js';
import { ElicitError } from '../../contracts/elicit-error.js';
import { safeJsonStringify } from '../../core/safe-json.js';
import { unansweredElicitations, unansweredMessage } from '../answered.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';
import type { JsonReport } from '../output.js';
import type { CommandContext } from './context.js';
import { openSession } from './session.js';

export async function runList<T>(
  args: CliArgs,
  io: Io,
  context: CommandContext,
  describe: string,
  fetch: (connection: Connection, options: { timeout: number; signal?: AbortSignal }) => Promise<T>,
  format: (result: T) => string,
): Promise<number> {
  const session = await openSession(args, io, context);
  try {
    const { connection } = session;
    let result: T;
    try {
      result = await fetch(connection, { timeout: args.timeoutMs, ...(io.signal && { signal: io.signal }) });
    } catch (error) {
      throw new ElicitError('request', `${describe} failed: ${(error as Error).message}`, { cause: error });
    }
    if (args.json) {
      const unanswered = unansweredElicitations(args, context.events);
      const report: JsonReport = {
        ok: unanswered.length === 0,
        ...(unanswered.length > 0 && {
          error: { code: 'unanswered', message: unansweredMessage(unanswered, context.events.length) },
        }),
        result,
        elicitations: context.events,
        protocol: { era: connection.era, version: connection.version },
      };
      io.stdout.write(`${safeJsonStringify(report)}\n`);
    } else {
      io.stdout.write(format(result));
    }
    return 0;
  } finally {
    await session.close();
  }
}
