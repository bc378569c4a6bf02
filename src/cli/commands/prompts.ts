// `prompts` lists the server's prompts with their arguments; `prompt <name>` gets one, answering
// any elicitation the server makes on the way (-32042 on 2025-11-25, input_required on 2026-07-28).
import type { GetPromptResult } from '@modelcontextprotocol/client';
import type { Connection } from '../../connect/connect.js';
import { ElicitError } from '../../contracts/elicit-error.js';
import { setOwn } from '../../core/own-property.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';
import { notListed } from '../listed-names.js';
import { formatPromptResult, formatPrompts } from '../output-lists.js';
import { checkPromptArguments, type DeclaredArgument } from '../prompt-args.js';
import type { CommandContext } from './context.js';
import { runList } from './list.js';
import { runRequest } from './request.js';

export function runPrompts(args: CliArgs, io: Io, context: CommandContext): Promise<number> {
  return runList(
    args,
    io,
    context,
    'prompts/list',
    (connection, options) => connection.client.listPrompts(undefined, options),
    (result) => formatPrompts(result.prompts),
  );
}

export function runPrompt(args: CliArgs, io: Io, context: CommandContext): Promise<number> {
  const name = args.operand;
  if (name === undefined) throw new ElicitError('usage', 'prompt needs a prompt name');
  const promptArgs = promptArguments(args);
  return runRequest<GetPromptResult>(args, io, context, {
    describe: `prompts/get ${name}`,
    // Checked like a tool's arguments: a typo or a missing argument is named before the request.
    prepare: async ({ connection }) => {
      const listing = await declaredArguments(connection, name, args.timeoutMs);
      if (listing === undefined) return;
      if (listing.declared === undefined) throw notListed('prompt', name, listing.names, 'prompts');
      checkPromptArguments(name, promptArgs, listing.declared, new Set(Object.keys(args.argPairs)));
    },
    send: ({ connection }, options, meta) =>
      connection.session.getPrompt({ name, arguments: promptArgs, ...(meta && { _meta: meta }) }, options),
    present: (result) => ({ ok: true, text: formatPromptResult(result) }),
  });
}

interface PromptListing {
  /** Undefined when `name` is not listed. */
  readonly declared: readonly DeclaredArgument[] | undefined;
  readonly names: readonly string[];
}

/** The arguments `name` declares, from prompts/list (every page); undefined when nothing can be listed. */
async function declaredArguments(
  connection: Connection,
  name: string,
  timeout: number,
): Promise<PromptListing | undefined> {
  if (connection.client.getServerCapabilities()?.prompts === undefined) return undefined;
  const names: string[] = [];
  let cursor: string | undefined;
  // A bounded number of pages: a server that keeps returning a cursor cannot stall the run.
  for (let pages = 0; pages < 50; pages++) {
    const page = await connection.client.listPrompts(cursor === undefined ? undefined : { cursor }, {
      timeout,
    });
    const found = page.prompts.find((p) => p.name === name);
    if (found) return { declared: found.arguments ?? [], names };
    names.push(...page.prompts.map((p) => p.name));
    cursor = page.nextCursor;
    if (cursor === undefined) return { declared: undefined, names };
  }
  return undefined;
}

/** Prompt arguments are strings (MCP `prompts/get`): --args values must be, --arg values are. */
function promptArguments(args: CliArgs): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(args.toolArgs)) {
    if (typeof value !== 'string')
      throw new ElicitError(
        'usage',
        `--args ${key}: prompt arguments are strings, got ${JSON.stringify(value)}`,
      );
    setOwn(out, key, value);
  }
  return { ...out, ...args.argPairs };
}
