// Which server a run talks to (`--` command, --url or --config) and the sign-in settings that go
// with it, each combination checked before anything connects.
import type { SignInSettings } from '../auth/settings.js';
import { ElicitError } from '../contracts/elicit-error.js';
import { parseHeaders, parseHttpUrl } from './arg-values.js';
import type { CommandName } from './command-table.js';
import type { OptionValues } from './options/index.js';
import { parseSignInFlags } from './sign-in-flags.js';

export type ServerTarget =
  | { kind: 'stdio'; command: string; args: string[] }
  | { kind: 'http'; url: URL; headers: Record<string, string> }
  | { kind: 'config'; file: string; name?: string };

/** Which server (`--`, --url or --config), and the sign-in settings that go with it. */
export function parseServer(
  v: OptionValues,
  serverCommand: readonly string[],
  command: CommandName,
  operand: string | undefined,
): { target?: ServerTarget; oauth?: SignInSettings } {
  checkServerFlags(v, serverCommand, command);
  const target = serverTarget(v, serverCommand);
  const serverless = command === 'demo' || command === 'answer' || command === 'pending';
  if (target === undefined && !serverless && !(command === 'auth' && operand === 'status')) {
    throw new ElicitError(
      'usage',
      'no server given: add -- <command> [args...], --url <url>, or --config <file> [--server <name>]',
    );
  }
  const oauth = parseSignInFlags(v, target?.kind);
  if (target !== undefined && (command === 'answer' || command === 'pending'))
    throw new ElicitError('usage', `${command} reaches parked questions by id; it takes no server`);
  if (target !== undefined && command === 'demo') {
    throw new ElicitError('usage', 'demo runs the bundled demo server; it takes no server');
  }
  return { ...(target !== undefined && { target }), ...(oauth !== undefined && { oauth }) };
}

/** One server at most, and the flags that only mean something with --url or --config. */
function checkServerFlags(v: OptionValues, serverCommand: readonly string[], command: CommandName): void {
  const targets = [serverCommand.length > 0, v.url !== undefined, v.config !== undefined].filter(
    Boolean,
  ).length;
  if (targets > 1)
    throw new ElicitError(
      'usage',
      'give one server: either -- <command>, --url <url>, or --config <file> --server <name>',
    );
  if (v.server !== undefined && v.config === undefined)
    throw new ElicitError('usage', '--server needs --config <file>');
  if (command === 'servers' && (v.config === undefined || targets > 1 || v.server !== undefined))
    throw new ElicitError(
      'usage',
      'servers lists the entries of a config file: mcp-elicit servers --config <file>',
    );
  if (v.header !== undefined && v.url === undefined)
    throw new ElicitError('usage', '--header only applies with --url');
}

function serverTarget(v: OptionValues, serverCommand: readonly string[]): ServerTarget | undefined {
  if (serverCommand.length > 0) {
    const [command, ...args] = serverCommand as [string, ...string[]];
    return { kind: 'stdio', command, args };
  }
  if (v.url !== undefined)
    return { kind: 'http', url: parseHttpUrl(v.url), headers: parseHeaders(v.header ?? []) };
  if (v.config !== undefined)
    return { kind: 'config', file: v.config, ...(v.server !== undefined && { name: v.server }) };
  return undefined;
}
