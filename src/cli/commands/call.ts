import type { CallToolResult, Client, Tool } from '@modelcontextprotocol/client';
import { ElicitError } from '../../contracts/elicit-error.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';
import { notListed } from '../listed-names.js';
import { formatToolResult } from '../output.js';
import { checkRequiredArgs, typeArgPairs } from '../typed-args.js';
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
    // The listing names a mistyped tool, types --arg values and catches a missing required argument
    // before the call; on 2026-07-28 the SDK also mirrors parameters the schema marks x-mcp-header
    // into Mcp-Param-* headers only for tools it has listed (SEP-2243).
    prepare: async ({ connection }) => {
      const listing = await listTools(connection.client, tool, args.timeoutMs);
      if (listing === undefined) return;
      const found = listing.found;
      if (found === undefined) throw notListed('tool', tool, listing.names, 'tools');
      const what = `tool "${tool}"`;
      toolArgs = { ...toolArgs, ...typeArgPairs(args.argPairs, found.inputSchema, what) };
      checkRequiredArgs(toolArgs, found.inputSchema, what);
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

interface ToolListing {
  readonly found: Tool | undefined;
  readonly names: readonly string[];
}

// Pages through tools/list until the tool turns up (the SDK caches each listed tool's schema);
// undefined when the server cannot list its tools, so the call goes ahead unchecked.
async function listTools(client: Client, name: string, timeout: number): Promise<ToolListing | undefined> {
  if (client.getServerCapabilities()?.tools === undefined) return undefined;
  const names: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout });
    const found = listed.tools.find((t) => t.name === name);
    if (found !== undefined) return { found, names };
    names.push(...listed.tools.map((t) => t.name));
    if (listed.nextCursor === undefined) return { found, names };
    cursor = listed.nextCursor;
  }
  return undefined;
}
