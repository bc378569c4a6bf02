// `answer <id>` for a parked 2026-07-28 round (P-15) or task (P-xx): claims its record (the first
// answer wins, P-04), runs the command again from the saved round (or picks the task up by its id)
// with this answer, checked as every front-end checks it, and prints the result as `call` would,
// or the next question, parked the same way.
import { ElicitError } from '../../contracts/elicit-error.js';
import type { Io } from '../frontend.js';
import { showReport } from './park-report.js';
import { showRoundOutcome } from './park-route.js';
import type { ParkStore } from './park-store.js';
import { type Given, type RoundOutcome, type RunMain, runWithRounds } from './round-park.js';
import { claimRound, type SavedRecord } from './round-store.js';

export async function answerRound(
  store: ParkStore,
  id: string,
  answer: Given,
  io: Io,
  runMain: RunMain,
): Promise<number | 'parked'> {
  const claimed = await claimRound(store, id);
  if (claimed === undefined)
    throw new ElicitError(
      'usage',
      `question ${id} is already being answered (or was just answered): the first answer wins, this one was not sent`,
    );
  const { record } = claimed;
  if (record.question.expiresAt <= Date.now()) {
    await claimed.drop();
    throw new ElicitError(
      'usage',
      `question ${id} expired unanswered at ${new Date(record.question.expiresAt).toISOString()}; run the command again`,
    );
  }
  let outcome: Awaited<ReturnType<typeof runWithRounds>>;
  try {
    outcome = await runWithRounds(runMain, io, {
      store,
      argv: record.argv,
      ttlMs: record.ttlMs,
      json: record.json,
      ...(record.notify && { notify: record.notify }),
      resume: record.kind === 'task' ? { task: record.task, answer } : { round: record.round, answer },
    });
  } catch (error) {
    await claimed.release();
    throw error;
  }
  // A refused answer, a person who left the question, or a server out of reach changed nothing:
  // the question waits for another answer.
  const kept = outcome.kind === 'refused' || outcome.kind === 'left' || outcome.kind === 'unsent';
  await (kept ? claimed.release() : claimed.drop());
  if (outcome.kind === 'left' || outcome.kind === 'unsent') return stillWaiting(outcome, record, io);
  const args = { json: record.json, parkTtlMs: record.ttlMs, notify: record.notify };
  const status = await showRoundOutcome(outcome, record.argv, io, args);
  // A failure once the answer went out (a stale requestState, a task the server forgot, a tool
  // error): the question is gone with it, and said so.
  if (status !== 0 && status !== 'parked')
    io.stderr.write(
      `mcp-elicit: question ${id} is no longer parked (its record was removed); run the command again to start over.\n`,
    );
  return status;
}

function stillWaiting(
  outcome: { kind: 'left' } | Extract<RoundOutcome, { kind: 'unsent' }>,
  record: SavedRecord,
  io: Io,
): number | 'parked' {
  const { id } = record.question;
  if (outcome.kind === 'unsent') {
    io.stdout.write(outcome.report.stdout);
    io.stderr.write(outcome.report.stderr);
    const then = outcome.report.status === 5 ? 'once signed in' : 'once the server can be reached';
    io.stderr.write(
      `mcp-elicit: nothing was sent; question ${id} is still waiting: answer it again ${then}.\n`,
    );
    return outcome.report.status;
  }
  io.stderr.write(`mcp-elicit: nothing was sent; question ${id} is still waiting.\n`);
  return showReport({ kind: 'parked', questions: [record.question], json: record.json }, io, record.json);
}
