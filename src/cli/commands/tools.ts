import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';
import { formatTools } from '../output-lists.js';
import type { CommandContext } from './context.js';
import { runList } from './list.js';

export function runTools(args: CliArgs, io: Io, context: CommandContext): Promise<number> {
  return runList(
    args,
    io,
    context,
    'tools/list',
    (connection, options) => connection.client.listTools(undefined, options),
    (result) => formatTools(result.tools),
  );
}
