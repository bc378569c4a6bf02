import { ElicitError } from '../../contracts/elicit-error.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';
import { formatTools, type JsonReport } from '../output.js';
import type { CommandContext } from './context.js';
import { openSession } from './session.js';

export async function runTools(args: CliArgs, io: Io, context: CommandContext): Promise<number> {
  const session = await openSession(args, io, context);
  try {
    const { connection } = session;
    let tools: Awaited<ReturnType<typeof connection.client.listTools>>;
    try {
      tools = await connection.client.listTools(undefined, {
        timeout: args.timeoutMs,
        ...(io.signal && { signal: io.signal }),
      });
    } catch (error) {
      throw new ElicitError('request', `tools/list failed: ${(error as Error).message}`, { cause: error });
    }
    if (args.json) {
      const report: JsonReport = {
        ok: true,
        result: tools,
        elicitations: context.events,
        protocol: { era: connection.era, version: connection.version },
      };
      io.stdout.write(`${JSON.stringify(report)}\n`);
    } else {
      io.stdout.write(formatTools(tools.tools));
    }
    return 0;
  } finally {
    await session.close();
  }
}
