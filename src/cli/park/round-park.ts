// A parked 2026-07-28 round (P-15): the command runs in this process with the parking front-end,
// and a round that asks one question is saved instead of answered, so nothing is left running
// (the request is finished on the server: mrtr.mdx). `answer` runs the same command again from
// the saved round: the answer is checked by the same engine, then sent as the retry.
import type { InputRequiredResult } from '@modelcontextprotocol/client';
import { type ParkAnswer, type ParkedQuestion, ParkingRenderer } from '../../frontends/park/index.js';
import type { RoundDecision } from '../../mcp/input-required-driver.js';
import type { Io } from '../frontend.js';
import { capture } from './holder.js';
import type { HolderReport } from './holder-wire.js';
import { answerCommand } from './park-output.js';
import type { ParkStore, StoredQuestion } from './park-store.js';
import { type SavedRound, writeRound } from './round-store.js';

export type RunMain = (argv: readonly string[], io: Io) => Promise<number>;

/** The SDK's requestState codec default lifetime (createRequestStateCodec ttlSeconds: 600). */
export const REQUEST_STATE_TTL_MS = 600_000;
export const REQUEST_STATE_NOTE =
  'the server keeps this question only as long as its requestState lasts: 600 s by default on the official SDK';

export interface RoundPlan {
  readonly store: ParkStore;
  readonly argv: readonly string[];
  readonly ttlMs: number;
  readonly json: boolean;
  /** `answer`: the saved round to start from, and the answer to its question. */
  readonly resume?: { readonly round: SavedRound; readonly answer: ParkAnswer };
}

type Entry = readonly [string, unknown];
type Settled = { value: unknown } | { error: unknown };

/** What a run came to: a report to show, or a round of several questions for a holder. */
export type RoundOutcome =
  | HolderReport
  | { readonly kind: 'several'; readonly round: SavedRound }
  /** A sign-in is needed: its listener or polling must outlive this process, so a holder runs it. */
  | { readonly kind: 'sign-in' };

/** Runs the command; reports its end, the question it parked, or an answer refused. */
export async function runWithRounds(runMain: RunMain, io: Io, plan: RoundPlan): Promise<RoundOutcome> {
  const rounds = new Rounds(plan);
  const stdout = capture();
  const stderr = capture();
  const status = await runMain(plan.argv, {
    stdin: io.stdin,
    stdout: stdout.stream,
    stderr: stderr.stream,
    env: io.env,
    ...(io.signal && { signal: io.signal }),
    parking: rounds.parking,
    rounds: {
      ...(plan.resume && { resumeFrom: plan.resume.round as InputRequiredResult }),
      onRound: (round, answer) => rounds.take(round, answer),
    },
  });
  if (rounds.several !== undefined) return { kind: 'several', round: rounds.several };
  if (rounds.signIn) return { kind: 'sign-in' };
  return rounds.outcome ?? { kind: 'finished', status, stdout: stdout.text(), stderr: stderr.text() };
}

class Rounds {
  readonly parking: ParkingRenderer;
  outcome: HolderReport | undefined;
  /** A round of several questions, for a holder to park. */
  several: SavedRound | undefined;
  /** A sign-in parked: a holder runs the command instead. */
  signIn = false;
  readonly #plan: RoundPlan;
  #given: ParkAnswer | undefined;
  #parked: ((question: ParkedQuestion) => void) | undefined;

  constructor(plan: RoundPlan) {
    this.#plan = plan;
    this.#given = plan.resume?.answer;
    this.parking = new ParkingRenderer({ onPark: (question) => this.#onPark(question) });
  }

  async take(
    round: InputRequiredResult,
    answer: (entry: unknown, signal: AbortSignal) => Promise<unknown>,
  ): Promise<RoundDecision> {
    const entries: Entry[] = Object.entries(round.inputRequests ?? {});
    const only = entries.length === 1 ? entries[0] : undefined;
    // Several questions: answers given one by one would have to be written down until the last
    // (MRTR sends them together), so the round goes to a holder that keeps them in memory.
    if (only === undefined) {
      this.several = saved(round);
      return { stop: true };
    }
    const [key, entry] = only;
    const withdraw = new AbortController();
    const parked = new Promise<ParkedQuestion>((resolve) => {
      this.#parked = resolve;
    });
    const answered = answer(entry, withdraw.signal);
    const settled: Promise<Settled> = answered.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    const first = await Promise.race([parked, settled]);
    this.#parked = undefined;
    // Answered without asking (a refused URL fails closed): that is the answer to send.
    if ('value' in first) return { inputResponses: { [key]: first.value } };
    if ('error' in first) throw first.error;
    const given = this.#given;
    this.#given = undefined;
    if (given !== undefined) return this.#answer(first, given, key, settled, withdraw);
    await this.#save(first, round);
    withdraw.abort();
    return { stop: true };
  }

  async #answer(
    question: ParkedQuestion,
    given: ParkAnswer,
    key: string,
    settled: Promise<Settled>,
    withdraw: AbortController,
  ): Promise<RoundDecision> {
    const verdict = this.parking.answer(question.id, given);
    if (!verdict.ok) {
      this.outcome = { kind: 'refused', code: verdict.code, message: verdict.message };
      withdraw.abort();
      return { stop: true };
    }
    const result = await settled;
    if ('error' in result) throw result.error;
    return { inputResponses: { [key]: result.value } };
  }

  async #save(question: ParkedQuestion, round: InputRequiredResult): Promise<void> {
    const stateful = round.requestState !== undefined;
    const ttl = stateful ? Math.min(this.#plan.ttlMs, REQUEST_STATE_TTL_MS) : this.#plan.ttlMs;
    const stored: StoredQuestion = {
      ...question,
      expiresAt: question.parkedAt + ttl,
      answer: answerCommand(question),
      ...(stateful && { expiryNote: REQUEST_STATE_NOTE }),
    };
    const { store, argv, json } = this.#plan;
    await writeRound(store, {
      version: 1,
      kind: 'round',
      question: stored,
      argv,
      round: saved(round),
      ttlMs: this.#plan.ttlMs,
      json,
    });
    this.outcome = { kind: 'parked', questions: [stored], json };
  }

  #onPark(question: ParkedQuestion): void {
    if (this.#parked !== undefined) {
      this.#parked(question);
      return;
    }
    if (question.mode === 'sign-in') {
      this.signIn = true;
      this.parking.answer(question.id, { action: 'cancel' });
      return;
    }
    // Not a round's question (a task's input, a 2025 request): nothing could answer it later.
    this.outcome = { kind: 'failed', message: OUTSIDE_ROUND };
    this.parking.answer(question.id, { action: 'cancel' });
  }
}

const OUTSIDE_ROUND =
  'the server asked outside an input_required round (a task, or it now speaks 2025-11-25), which cannot park without a holder; the question was cancelled. Run the command again with --protocol 2025-11-25 --park to park it in a holder';

function saved(round: InputRequiredResult): SavedRound {
  return {
    resultType: 'input_required',
    inputRequests: round.inputRequests ?? {},
    ...(round.requestState !== undefined && { requestState: round.requestState }),
  };
}
