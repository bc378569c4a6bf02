// `resources` lists resources and resource templates; `read <uri>` reads one, answering any
// elicitation the server makes on the way.
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { ElicitError } from '../../contracts/elicit-error.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';
import { formatReadResult, formatResources } from '../output-lists.js';
import { checkResourceUri } from '../resource-check.js';
import type { CommandContext } from './context.js';
import { runList } from './list.js';
import { runRequest } from './request.js';

export function runResources(args: CliArgs, io: Io, context: CommandContext): Promise<number> {
  return runList(
    args,
    io,
    context,
    'resources/list',
    async (connection, options) => {
      const { resources } = await connection.client.listResources(undefined, options);
      // A server may offer resources without templates (-32601): the list is still useful.
      const templates = await connection.client
        .listResourceTemplates(undefined, options)
        .then((r) => r.resourceTemplates)
        .catch(() => []);
      return { resources, resourceTemplates: templates };
    },
    (result) => formatResources(result.resources, result.resourceTemplates),
  );
}

export function runRead(args: CliArgs, io: Io, context: CommandContext): Promise<number> {
  const uri = args.operand;
  if (uri === undefined) throw new ElicitError('usage', 'read needs a resource URI');
  return runRequest<ReadResourceResult>(args, io, context, {
    describe: `resources/read ${uri}`,
    prepare: ({ connection }) => checkResourceUri(connection.client, uri, args.timeoutMs),
    send: ({ connection }, options, meta) =>
      connection.session.readResource({ uri, ...(meta && { _meta: meta }) }, options),
    present: (result) => ({ ok: true, text: formatReadResult(result) }),
  });
}
