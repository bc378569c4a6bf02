import type { CallToolResult } from '@modelcontextprotocol/client';
import { ElicitError } from '../../contracts/elicit-error.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';
import { formatToolResult } from '../output.js';
import { typeArgPairs } from '../typed-args.js';
import type { CommandContext } from './context.js';
import { runRequest } from './request.js';

export async function runCall(args: CliArgs, io: Io, context: CommandContext): Promise<number> {
  const tool = args.operand;
  if (tool === undefined) throw new ElicitError('usage', 'call needs a tool name');
  let toolArgs = args.toolArgs;
  return runRequest<CallToolResult>(args, io, context, {
    describe: `tools/call ${tool}`,
    // --arg values are typed by the tool's inputSchema, so it is looked up only when they are used.
    prepare: async ({ connection }) => {
      if (Object.keys(args.argPairs).length === 0) return;
      const { tools } = await connection.client.listTools(undefined, { timeout: args.timeoutMs });
      const found = tools.find((t) => t.name === tool);
      toolArgs = { ...toolArgs, ...typeArgPairs(args.argPairs, found?.inputSchema, `tool "${tool}"`) };
    },
    send: ({ connection }, options, meta) =>
      connection.session.callTool({ name: tool, arguments: toolArgs, ...(meta && { _meta: meta }) }, options),
    present: (result) => {
      const ok = result.isError !== true;
      return ok
        ? { ok, text: formatToolResult(result) }
        : {
            ok,
            text: `The tool reported an error:\n${formatToolResult(result)}`,
            error: { code: 'tool-error', message: 'the tool reported an error (isError)' },
          };
    },
  });
}
