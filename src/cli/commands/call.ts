import type { CallToolResult, Client, Tool } from '@modelcontextprotocol/client';
import { ElicitError } from '../../contracts/elicit-error.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';
import { formatToolResult } from '../output.js';
import { typeArgPairs } from '../typed-args.js';
import type { CommandContext } from './context.js';
import { runRequest } from './request.js';

// A server paging forever must not keep a call from being made.
const MAX_PAGES = 100;

export async function runCall(args: CliArgs, io: Io, context: CommandContext): Promise<number> {
  const tool = args.operand;
  if (tool === undefined) throw new ElicitError('usage', 'call needs a tool name');
  let toolArgs = args.toolArgs;
  return runRequest<CallToolResult>(args, io, context, {
    describe: `tools/call ${tool}`,
    // The tool's inputSchema types --arg values, and on 2026-07-28 the SDK mirrors parameters the
    // schema marks x-mcp-header into Mcp-Param-* headers only for tools it has listed (SEP-2243).
    prepare: async ({ connection }) => {
      const typed = Object.keys(args.argPairs).length > 0;
      if (!typed && connection.era !== '2026-07-28') return;
      const found = await findTool(connection.client, tool, args.timeoutMs);
      if (typed) {
        toolArgs = { ...toolArgs, ...typeArgPairs(args.argPairs, found?.inputSchema, `tool "${tool}"`) };
      }
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

// Pages through tools/list until the tool turns up (the SDK caches each listed tool's schema).
async function findTool(client: Client, name: string, timeout: number): Promise<Tool | undefined> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout });
    const found = listed.tools.find((t) => t.name === name);
    if (found !== undefined || listed.nextCursor === undefined) return found;
    cursor = listed.nextCursor;
  }
  return undefined;
}
