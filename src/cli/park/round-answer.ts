// `answer <id>` for a parked 2026-07-28 round (P-15) or task (P-xx): claims its record (the first
// answer wins, P-04), runs the command again from the saved round (or picks the task up by its id)
// with this answer, checked as every front-end checks it, and prints the result as `call` would,
// or the next question, parked the same way.
import { ElicitError } from '../../contracts/elicit-error.js';
import type { Io } from '../frontend.js';
import { showReport } from './park-report.js';
import { showRoundOutcome } from './park-route.js';
import type { ParkStore } from './park-store.js';
import { type Given, type RunMain, runWithRounds } from './round-park.js';
import { claimRound } from './round-store.js';

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
  // A refused answer, or a person who left the question, changed nothing: it waits for another.
  if (outcome.kind === 'refused' || outcome.kind === 'left') await claimed.release();
  else await claimed.drop();
  if (outcome.kind === 'left') {
    io.stderr.write(`mcp-elicit: nothing was sent; question ${id} is still waiting.\n`);
    return showReport({ kind: 'parked', questions: [record.question], json: record.json }, io, record.json);
  }
  const args = { json: record.json, parkTtlMs: record.ttlMs, notify: record.notify };
  return showRoundOutcome(outcome, record.argv, io, args);
}
