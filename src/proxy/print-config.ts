// `proxy --print-config`: the `mcpServers` entry that puts a configured server behind the proxy.
import { isRecord } from '../core/is-record.js';

// The entry is copied as written (`${VAR}` placeholders, env and cwd included), so secrets stay
// where the user keeps them; only command and args change. The host hands `env` to the proxy, which
// gives a server only the safe set plus what it is told to pass, so each `env` name is passed on.
// The command is the installed mcp-elicit itself (`self`), never a registry name.
export interface RawEntry {
  readonly [key: string]: unknown;
}

export interface PrintedCommand {
  readonly command: string;
  readonly args: readonly string[];
}

/**
 * @param self the command that runs this mcp-elicit (absolute node + CLI script)
 * @param proxyOptions the proxy's own options to keep (`--elicit`, `--ui`, answer flags), as words
 */
export function proxiedEntry(
  name: string,
  entry: RawEntry,
  self: PrintedCommand,
  proxyOptions: readonly string[] = [],
): Record<string, unknown> {
  const head = [...self.args, 'proxy', '--name', name, ...proxyOptions];
  const url = entry.url ?? entry.serverUrl;
  const { command, args, url: _u, serverUrl: _s, headers, type: _t, ...rest } = entry;
  if (typeof url === 'string') {
    const headerArgs = Object.entries(isRecord(headers) ? headers : {}).flatMap(([key, value]) => [
      '--header',
      `${key}: ${String(value)}`,
    ]);
    return { ...rest, command: self.command, args: [...head, '--url', url, ...headerArgs] };
  }
  const list = Array.isArray(args) ? args.map(String) : [];
  const passEnv = Object.keys(isRecord(rest.env) ? rest.env : {}).flatMap((key) => ['--pass-env', key]);
  return { ...rest, command: self.command, args: [...head, ...passEnv, '--', String(command), ...list] };
}
