// Where the person's prompts go: the terminal whenever there is one, so that stdout, redirected to
// a file or a pipe, receives only the result (`mcp-elicit call t -- server > out.txt`).
import { openSync } from 'node:fs';
import { WriteStream } from 'node:tty';

/** The three standard streams, as `Io` holds them. */
export interface StdStreams {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
}

/**
 * stdout when it is a terminal (and not reserved for --json), else stderr when it is one, else the
 * controlling terminal when the person types on stdin; with no terminal at all, stdout as before
 * (stderr under --json), so a piped transcript keeps its prompts beside the answers.
 */
export function promptOutput(json: boolean, io: StdStreams): NodeJS.WriteStream {
  if (!json && io.stdout.isTTY === true) return io.stdout;
  if (io.stderr.isTTY === true) return io.stderr;
  // Only with a person on stdin: a piped run started from a shell must not write on that shell.
  const tty = io.stdin.isTTY === true ? controllingTerminal() : undefined;
  return tty ?? (json ? io.stderr : io.stdout);
}

function controllingTerminal(): NodeJS.WriteStream | undefined {
  try {
    return new WriteStream(openSync('/dev/tty', 'w')) as NodeJS.WriteStream;
  } catch {
    return undefined; // no controlling terminal (a daemon, some CI runners) or no /dev/tty (Windows)
  }
}
