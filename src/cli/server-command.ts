// Where the CLI's own words end and the stdio server command begins: after the first `--`, taken
// verbatim. For `proxy` the `--` may be missing, because hosts such as the Inspector CLI drop the
// `--` they are given: the server command then starts at the first word that is neither the
// command word nor one of the proxy's options or their values (as `env` and `npx` read theirs).
import { type ParseArgsConfig, parseArgs } from 'node:util';

export interface SplitArgv {
  readonly own: string[];
  readonly serverCommand: string[];
}

export function splitServerCommand(
  argv: readonly string[],
  options: NonNullable<ParseArgsConfig['options']>,
): SplitArgv {
  const dashdash = argv.indexOf('--');
  if (dashdash >= 0) return { own: argv.slice(0, dashdash), serverCommand: argv.slice(dashdash + 1) };
  const start = proxyCommandStart(argv, options);
  if (start < 0) return { own: [...argv], serverCommand: [] };
  return { own: argv.slice(0, start), serverCommand: argv.slice(start) };
}

function proxyCommandStart(
  argv: readonly string[],
  options: NonNullable<ParseArgsConfig['options']>,
): number {
  let tokens: ReturnType<typeof parseArgs>['tokens'];
  try {
    tokens = parseArgs({
      args: [...argv],
      options,
      allowPositionals: true,
      strict: false,
      tokens: true,
    }).tokens;
  } catch {
    return -1; // the strict parse names the problem
  }
  const positionals = (tokens ?? []).filter((token) => token.kind === 'positional');
  if (positionals[0]?.value !== 'proxy') return -1;
  return positionals[1]?.index ?? -1;
}
