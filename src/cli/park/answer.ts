// `mcp-elicit answer <id>`: hands an answer to the holder of a parked question, which checks it
// as every front-end does, then prints what the holder reports (the result, or the next question).
import { dirname } from 'node:path';
import { ElicitError } from '../../contracts/elicit-error.js';
import type { ParkAnswer } from '../../frontends/park/index.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';
import { answerSignIn, readPastedLine } from './answer-sign-in.js';
import { askHolder } from './holder-wire.js';
import { showReport } from './park-report.js';
import { isParkId, openParkStore } from './park-store.js';
import type { RunMain } from './round-park.js';
import { roundState } from './round-store.js';

export async function runAnswer(args: CliArgs, io: Io, runMain?: RunMain): Promise<number | 'parked'> {
  const id = args.operand ?? '';
  // answer --ui: a person answers in that front-end (answer-ui.ts); otherwise the flags say how.
  const chosen = args.uiExplicit && args.ui !== 'scripted' ? undefined : parkAnswerOf(args);
  if (!isParkId(id))
    throw new ElicitError('usage', 'that is not the id of a parked question (mcp-elicit pending lists them)');
  // A parked sign-in's address comes on stdin, never as an argument (it holds the code).
  const answer: ParkAnswer | undefined =
    chosen === 'paste-back' ? { action: 'paste-back', address: await readPastedLine(io.stdin) } : chosen;
  const store = await openParkStore(io.env);
  // A 2026-07-28 round or task parked with no process (P-15) is answered by running its command again.
  if (runMain !== undefined && (await roundState(store, id)) !== undefined) {
    const given = answer ?? (await import('./answer-ui.js')).askPerson(args, io);
    return (await import('./round-answer.js')).answerRound(store, id, given, io, runMain);
  }
  // A question the server completed itself keeps a mark of its own (P-14).
  const record = (await store.read(id)) ?? (await store.readCompleted(id));
  if (record === undefined)
    throw new ElicitError(
      'usage',
      `no parked question ${id}: it was answered, withdrawn or expired, or its holder ended (mcp-elicit pending lists the waiting ones)`,
    );
  // Only a socket in the checked private folder: a record must not send an answer anywhere else.
  if (dirname(record.holder.socket) !== store.dir)
    throw new ElicitError('config', `parked question ${id} has a damaged record`);
  const gone = async (): Promise<never> => {
    await Promise.all([store.remove(id), store.removeCompleted(id)]);
    const lost =
      record.completedBy === 'server'
        ? "The server had completed it; the call's result is lost"
        : 'The question can no longer be answered';
    throw new ElicitError(
      'connect',
      `the process that held question ${id} (pid ${record.holder.pid}) is gone: it was stopped, or its server went away. ${lost}; run the command again`,
    );
  };
  if (record.question.mode === 'sign-in') {
    if (answer === undefined)
      throw new ElicitError('usage', `question ${id} is a sign-in: --ui cannot show it; ${SIGN_IN_ANSWERS}`);
    return answerSignIn(record, answer, io, args.json, gone);
  }
  if (answer === undefined) return (await import('./answer-ui.js')).answerInFrontEnd(args, io, record, gone);
  const report = await askHolder(record.holder.socket, { op: 'answer', id, answer });
  return showReport(report === 'gone' ? await gone() : report, io, args.json);
}

const SIGN_IN_ANSWERS =
  'sign in at its address, then answer --done; or give the address the browser ended on with --paste-back (on stdin); or --cancel';

/** Exactly one way to answer: values, --done, --paste-back, --decline or --cancel. */
function parkAnswerOf(args: CliArgs): ParkAnswer | 'paste-back' {
  const values =
    Object.keys(args.sets).length > 0 || Object.keys(args.toolArgs).length > 0 || args.acceptDefaults;
  const ways = [values, args.done, args.pasteBack, args.decline, args.cancel].filter(Boolean).length;
  if (ways !== 1)
    throw new ElicitError(
      'usage',
      'answer takes one of: values (--set, --args, --accept-defaults), --done, --paste-back, --decline or --cancel',
    );
  if (args.pasteBack) return 'paste-back';
  if (args.done) return { action: 'done' };
  if (args.decline) return { action: 'decline' };
  if (args.cancel) return { action: 'cancel' };
  return { action: 'accept', sets: args.sets, content: args.toolArgs };
}
