import type { CallToolResult } from '@modelcontextprotocol/client';
import { ElicitError } from '../../contracts/elicit-error.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';
import { formatToolResult, type JsonReport } from '../output.js';
import type { CommandContext } from './context.js';
import { openSession } from './session.js';

export async function runCall(args: CliArgs, io: Io, context: CommandContext): Promise<number> {
  const tool = args.tool;
  if (tool === undefined) throw new ElicitError('usage', 'call needs a tool name');
  const session = await openSession(args, io, context);
  try {
    const { connection } = session;
    let result: CallToolResult;
    try {
      result = await connection.session.callTool(
        { name: tool, arguments: args.toolArgs },
        { timeoutMs: args.timeoutMs, ...(io.signal && { signal: io.signal }) },
      );
    } catch (error) {
      throw new ElicitError('request', `tools/call ${tool} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const ok = result.isError !== true;
    if (args.json) {
      const report: JsonReport = {
        ok,
        result,
        elicitations: context.events,
        ...(context.tasks.length > 0 && { tasks: context.tasks }),
        protocol: { era: connection.era, version: connection.version },
        ...(!ok && { error: { code: 'tool-error', message: 'the tool reported an error (isError)' } }),
      };
      io.stdout.write(`${JSON.stringify(report)}\n`);
    } else if (ok) {
      io.stdout.write(formatToolResult(result));
    } else {
      io.stderr.write(`The tool reported an error:\n${formatToolResult(result)}`);
    }
    return ok ? 0 : 1;
  } finally {
    await session.close();
  }
}
