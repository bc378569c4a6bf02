// `call --park` (and prompt, read): start the holder, detached, hand it the command, and wait for
// its first report (the result, or the first questions), then leave it running and exit.
import { spawn } from 'node:child_process';
import { ElicitError } from '../../contracts/elicit-error.js';
import type { Io } from '../frontend.js';
import type { HolderReport, HolderStart } from './holder-wire.js';
import { showReport } from './park-report.js';

/** The word bin.ts starts the holder with; not a command a person types. */
export const HOLDER_WORD = '__park-holder';

export async function runParked(
  argv: readonly string[],
  io: Io,
  hold: Omit<HolderStart, 'argv'>,
): Promise<number | 'parked'> {
  const script = process.argv[1];
  if (script === undefined) throw new ElicitError('config', 'cannot tell where this mcp-elicit is installed');
  // Its own session (detached) and no stdio: the holder outlives this process and its terminal.
  const child = spawn(process.execPath, [script, HOLDER_WORD], {
    detached: true,
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    env: io.env,
  });
  const start: HolderStart = { argv, ...hold };
  const report = await new Promise<HolderReport>((resolve, reject) => {
    child.once('message', (message) => resolve(message as HolderReport));
    child.once('error', (error) =>
      reject(new ElicitError('request', `could not start the park holder: ${error.message}`)),
    );
    child.once('exit', (code) =>
      reject(new ElicitError('request', `the park holder ended before it reported (exit status ${code})`)),
    );
    // The command line goes over the IPC channel, never as the holder's arguments (ps shows those).
    child.send(start);
  });
  child.removeAllListeners('exit');
  if (child.connected) child.disconnect();
  child.unref();
  return showReport(report, io, false);
}
