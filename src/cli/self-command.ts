// The command that runs this very mcp-elicit: the Node binary and the CLI script by absolute path,
// so an entry printed for a host never names a registry package (issue 21: `npx -y mcp-elicit`
// would run whoever registers that name).
import { realpathSync } from 'node:fs';
import { ElicitError } from '../contracts/elicit-error.js';

export interface SelfCommand {
  readonly command: string;
  readonly args: readonly string[];
}

/** `node /abs/path/dist/cli/bin.js`, resolved through symlinks (npm's global bin is one). */
export function selfCommand(script: string | undefined = process.argv[1]): SelfCommand {
  if (script === undefined) throw new ElicitError('config', 'cannot tell where this mcp-elicit is installed');
  const path = realpathSync(script);
  // A source checkout run through a loader (tsx) cannot be started by a host as printed.
  if (!path.endsWith('.js'))
    throw new ElicitError('config', `--print-config needs the built CLI (dist/cli/bin.js), not ${path}`);
  return { command: process.execPath, args: [path] };
}
