// `answer <id>` for a parked sign-in (issue 34 item 3): `--done` waits, bounded, until the
// holder's sign-in completes (its listener took the browser's redirect, or the device code was
// approved), then prints what the call came to; `--paste-back` reads the address the browser ended
// on from stdin (it holds the authorization code: never a command-line argument) for the holder
// to check as its listener would. Past the bound the sign-in stays parked, and is shown again.
import { timeoutFrom } from '../../connect/sign-in.js';
import { ElicitError } from '../../contracts/elicit-error.js';
import type { ParkAnswer } from '../../frontends/park/index.js';
import type { Io } from '../frontend.js';
import { askHolder, type HolderReport } from './holder-wire.js';
import { showReport } from './park-report.js';
import type { ParkRecord } from './park-store.js';

/** How long `answer --done` waits for a sign-in by default (MCP_ELICIT_SIGN_IN_TIMEOUT overrides). */
const DEFAULT_WAIT_MS = 300_000;
/** A pasted address is one line; anything longer is not one. */
const MAX_PASTE_BYTES = 16 * 1024;

/** Sends `answer` to the sign-in's holder and shows what came of it. */
export async function answerSignIn(
  record: ParkRecord,
  answer: ParkAnswer,
  io: Io,
  json: boolean,
  gone: () => Promise<never>,
): Promise<number | 'parked'> {
  const { id } = record.question;
  const socket = record.holder.socket;
  const giveUp = new AbortController();
  const asking = askHolder(socket, { op: 'answer', id, answer }, giveUp.signal);
  const waitMs = timeoutFrom(io.env) ?? DEFAULT_WAIT_MS;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), waitMs);
  });
  let report = await Promise.race([asking, late]);
  // Past the bound: give up only if the sign-in itself is still waiting (not the call after it).
  if (report === 'late' && (await stillParked(socket, id))) {
    giveUp.abort();
    io.stderr.write(`mcp-elicit: ${notYet(id, waitMs)}\n`);
    return showReport({ kind: 'parked', questions: [record.question], json: record.json }, io, json);
  }
  if (report === 'late') report = await asking;
  clearTimeout(timer);
  if (report === 'gone') return gone();
  return showSignInReport(report, io, json);
}

/** A sign-in completed before anyone answered: say so, then what came next. */
export function showSignInReport(report: HolderReport, io: Io, json: boolean): number | 'parked' {
  if (report.kind !== 'completed') return showReport(report, io, json);
  io.stderr.write(
    'mcp-elicit: the sign-in had already finished (the browser came back, or the code was approved). What came next:\n',
  );
  return showReport(report.next, io, json);
}

async function stillParked(socket: string, id: string): Promise<boolean> {
  const listed = await askHolder(socket, { op: 'list' });
  return listed !== 'gone' && listed.kind === 'listed' && listed.ids.includes(id);
}

function notYet(id: string, waitMs: number): string {
  return `the sign-in did not finish within ${Math.round(waitMs / 1000)} s (nobody has signed in yet, or the browser could not come back to this machine). It is still parked: run mcp-elicit answer ${id} --done again once signed in, give the address the browser ended on to mcp-elicit answer ${id} --paste-back on stdin, or stop it with --cancel.`;
}

/** `--paste-back`: one line from stdin, the address the browser ended on. */
export async function readPastedLine(stdin: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += String(chunk);
    const end = text.indexOf('\n');
    if (end >= 0) {
      text = text.slice(0, end);
      break;
    }
    if (text.length > MAX_PASTE_BYTES) break;
  }
  const line = text.trim();
  if (line === '' || line.length > MAX_PASTE_BYTES)
    throw new ElicitError(
      'usage',
      '--paste-back reads the address the browser ended on as one line on stdin (pipe it in); none was given',
    );
  return line;
}
