// `answer <id>` for a parked 2026-07-28 round (P-15): claims its record (the first answer wins,
// P-04), runs the command again from the saved round with this answer, checked as every front-end
// checks it, and prints the result as `call` would, or the next question, parked the same way.
import { ElicitError } from '../../contracts/elicit-error.js';
import type { ParkAnswer } from '../../frontends/park/index.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';
import { showRoundOutcome } from './park-route.js';
import type { ParkStore } from './park-store.js';
import { type RunMain, runWithRounds } from './round-park.js';
import { claimRound } from './round-store.js';

export async function answerRound(
  store: ParkStore,
  id: string,
  answer: ParkAnswer,
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
      resume: { round: record.round, answer },
    });
  } catch (error) {
    await claimed.release();
    throw error;
  }
  // A refused answer changed nothing: the question waits for another.
  if (outcome.kind === 'refused') await claimed.release();
  else await claimed.drop();
  const args: Pick<CliArgs, 'json' | 'parkTtlMs'> = { json: record.json, parkTtlMs: record.ttlMs };
  return showRoundOutcome(outcome, record.argv, io, args);
}
