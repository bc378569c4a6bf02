// A parked 2026-07-28 round (P-15) or task input (P-xx): the command runs in this process with the
// parking front-end, and a round that asks one question, or a Tasks-extension task's input request,
// is saved instead of answered, so nothing is left running (the request is finished on the server:
// mrtr.mdx; the task waits there, answerable by its id from any connection). `answer` runs the
// same command again from the saved round or task: the answer is checked by the same engine, then
// sent as the retry (or tasks/update).
import type { InputRequiredResult } from '@modelcontextprotocol/client';
import { ElicitError } from '../../contracts/elicit-error.js';
import type { FormPrompt, UrlPrompt } from '../../contracts/renderer.js';
import type { NotifyChoice } from '../../core/attention.js';
import {
  fromPortable,
  type ParkAnswer,
  type ParkedQuestion,
  ParkingRenderer,
} from '../../frontends/park/index.js';
import type { RoundDecision } from '../../mcp/input-required-driver.js';
import type { TaskInput, TaskResume } from '../../mcp/tasks/task-control.js';
import type { Io } from '../frontend.js';
import { capture } from './holder.js';
import type { HolderReport } from './holder-wire.js';
import { parkNotifier } from './park-notify.js';
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
  /** `--notify` given with --park: each question saved is announced (P-13), this round and the next. */
  readonly notify?: NotifyChoice;
  /** `answer`: the saved round or task to start from, and the answer to its question. */
  readonly resume?: Resume;
}

/**
 * `answer --ui`: puts the question in front of a person; resolves with their answer, or undefined
 * when they left it (nothing is sent and the question stays parked).
 */
export type AskPerson = (
  question: ParkedQuestion,
  prompt: FormPrompt | UrlPrompt,
) => Promise<ParkAnswer | undefined>;

/** An answer given with flags, or a person to ask. */
export type Given = ParkAnswer | AskPerson;

type Resume =
  | { readonly round: SavedRound; readonly answer: Given }
  | { readonly task: TaskResume; readonly answer: Given };

type Entry = readonly [string, unknown];
type Settled = { value: unknown } | { error: unknown };

/** What a run came to: a report to show, or a round of several questions for a holder. */
export type RoundOutcome =
  | HolderReport
  | { readonly kind: 'several'; readonly round: SavedRound }
  /** A sign-in is needed: its listener or polling must outlive this process, so a holder runs it. */
  | { readonly kind: 'sign-in' }
  /** The person left the question (answer --ui): nothing was sent. */
  | { readonly kind: 'left' }
  /** `answer` could not reach the server (no connection, no sign-in): its answer was never taken. */
  | { readonly kind: 'unsent'; readonly report: Extract<HolderReport, { kind: 'finished' }> };

/** Runs the command; reports its end, the question it parked, or an answer refused. */
export async function runWithRounds(runMain: RunMain, io: Io, plan: RoundPlan): Promise<RoundOutcome> {
  const rounds = new Rounds(plan, await parkNotifier(plan.notify, io.env));
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
      ...(plan.resume && 'round' in plan.resume && { resumeFrom: plan.resume.round as InputRequiredResult }),
      onRound: (round, answer) => rounds.take(round, answer),
    },
    tasks: {
      ...(plan.resume && 'task' in plan.resume && { resume: plan.resume.task }),
      onInput: (input, answer) => rounds.takeTask(input, answer),
    },
  });
  if (rounds.several !== undefined) return { kind: 'several', round: rounds.several };
  if (rounds.signIn) return { kind: 'sign-in' };
  if (rounds.outcome !== undefined) return rounds.outcome;
  const report = { kind: 'finished', status, stdout: stdout.text(), stderr: stderr.text() } as const;
  // Out of reach (or no sign-in) before the answer was handed over: nothing of it was sent.
  const unsent = plan.resume !== undefined && !rounds.handed && UNREACHED.has(status);
  return unsent ? { kind: 'unsent', report } : report;
}

/** main.ts's statuses for 'connect' and 'sign-in-failed' (3) and 'sign-in-required' (5). */
const UNREACHED = new Set([3, 5]);

class Rounds {
  readonly parking: ParkingRenderer;
  outcome: HolderReport | { readonly kind: 'left' } | undefined;
  /** The answer given passed the checks and went to be sent (a retry, or tasks/update). */
  handed = false;
  /** A round of several questions, for a holder to park. */
  several: SavedRound | undefined;
  /** A sign-in parked: a holder runs the command instead. */
  signIn = false;
  readonly #plan: RoundPlan;
  #given: Given | undefined;
  #parked: ((question: ParkedQuestion) => void) | undefined;
  readonly #notify: ((question: ParkedQuestion) => void) | undefined;

  constructor(plan: RoundPlan, notify?: (question: ParkedQuestion) => void) {
    this.#plan = plan;
    this.#notify = notify;
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
    const taken = await this.#one(
      (signal) => answer(entry, signal),
      (question) => this.#saveRound(question, round),
    );
    return 'value' in taken ? { inputResponses: { [key]: taken.value } } : { stop: true };
  }

  /** A task's input request: answered with the answer given, or saved with the task's id. */
  async takeTask(
    input: TaskInput,
    answer: (signal: AbortSignal) => Promise<unknown>,
  ): Promise<{ readonly response: unknown }> {
    const taken = await this.#one(answer, (question) => this.#saveTask(question, input));
    if ('value' in taken) return { response: taken.value };
    // Ends the call here and leaves the task waiting on the server (no tasks/cancel).
    throw new ElicitError('interrupted', `parked: task ${input.taskId} waits for input "${input.key}"`);
  }

  /** One question: its answer when one was given (or none was needed), or saved for later. */
  async #one(
    answer: (signal: AbortSignal) => Promise<unknown>,
    save: (question: ParkedQuestion) => Promise<void>,
  ): Promise<{ value: unknown } | { stop: true }> {
    const withdraw = new AbortController();
    const parked = new Promise<ParkedQuestion>((resolve) => {
      this.#parked = resolve;
    });
    const settled: Promise<Settled> = answer(withdraw.signal).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    const first = await Promise.race([parked, settled]);
    this.#parked = undefined;
    // Answered without asking (a refused URL fails closed): that is the answer to send.
    if ('value' in first) return { value: first.value };
    if ('error' in first) throw first.error;
    const given = this.#given;
    this.#given = undefined;
    if (given !== undefined) return this.#answer(first, given, settled, withdraw);
    await save(first);
    withdraw.abort();
    return { stop: true };
  }

  async #answer(
    question: ParkedQuestion,
    given: Given,
    settled: Promise<Settled>,
    withdraw: AbortController,
  ): Promise<{ value: unknown } | { stop: true }> {
    const answer = typeof given === 'function' ? await this.#ask(question, given) : given;
    if (answer === undefined) {
      this.outcome = { kind: 'left' };
      withdraw.abort();
      return { stop: true };
    }
    const verdict = this.parking.answer(question.id, answer);
    if (!verdict.ok) {
      this.outcome = { kind: 'refused', code: verdict.code, message: verdict.message };
      withdraw.abort();
      return { stop: true };
    }
    const result = await settled;
    if ('error' in result) throw result.error;
    this.handed = true;
    return { value: result.value };
  }

  async #ask(question: ParkedQuestion, person: AskPerson): Promise<ParkAnswer | undefined> {
    const prompt = this.parking.prompt(question.id);
    return prompt === undefined ? undefined : person(question, fromPortable(prompt));
  }

  async #saveRound(question: ParkedQuestion, round: InputRequiredResult): Promise<void> {
    const stateful = round.requestState !== undefined;
    const ttl = stateful ? Math.min(this.#plan.ttlMs, REQUEST_STATE_TTL_MS) : this.#plan.ttlMs;
    const note = stateful ? REQUEST_STATE_NOTE : undefined;
    await this.#write(question, question.parkedAt + ttl, note, { kind: 'round', round: saved(round) });
  }

  // A task's question lasts as long as the task: its ttl from creation caps --park-ttl.
  async #saveTask(question: ParkedQuestion, input: TaskInput): Promise<void> {
    const own = question.parkedAt + this.#plan.ttlMs;
    const ends = input.ttlMs === null ? Number.NaN : Date.parse(input.createdAt) + input.ttlMs;
    const capped = Number.isFinite(ends) && ends < own;
    const { taskId, answered, createdAt, ttlMs } = input;
    await this.#write(question, capped ? ends : own, capped ? taskNote(ttlMs ?? 0) : undefined, {
      kind: 'task',
      task: { taskId, answered, createdAt, ttlMs },
    });
  }

  async #write(
    question: ParkedQuestion,
    expiresAt: number,
    note: string | undefined,
    what: { kind: 'round'; round: SavedRound } | { kind: 'task'; task: TaskResume },
  ): Promise<void> {
    const stored: StoredQuestion = {
      ...question,
      expiresAt,
      answer: answerCommand(question),
      ...(note !== undefined && { expiryNote: note }),
    };
    const { store, argv, json, ttlMs, notify } = this.#plan;
    const record = { version: 1, question: stored, argv, ttlMs, json, ...(notify && { notify }) } as const;
    await writeRound(store, { ...record, ...what });
    this.outcome = { kind: 'parked', questions: [stored], json };
    this.#notify?.(stored);
  }

  #onPark(question: ParkedQuestion): void {
    if (this.#parked !== undefined) {
      this.#parked(question);
      return;
    }
    // A fresh run hands a sign-in to a holder; an answer to a saved question is kept unsent (exit 5).
    if (question.mode === 'sign-in') {
      this.signIn = this.#plan.resume === undefined;
      this.parking.answer(question.id, { action: 'cancel', ...(!this.signIn && { why: SIGN_IN_FIRST }) });
      return;
    }
    // Not a round's question (a task's input, a 2025 request): nothing could answer it later.
    this.outcome = { kind: 'failed', message: OUTSIDE_ROUND };
    this.parking.answer(question.id, { action: 'cancel' });
  }
}

const SIGN_IN_FIRST =
  'the server needs a sign-in before this saved question can be answered: sign in first (mcp-elicit auth login with the same --url or --config), then answer again';

const OUTSIDE_ROUND =
  'the server asked outside an input_required round or a task (it now speaks 2025-11-25), which cannot park without a holder; the question was cancelled. Run the command again with --protocol 2025-11-25 --park to park it in a holder';

function taskNote(ttlMs: number): string {
  return `the server keeps this task only for its ttl: ${Math.round(ttlMs / 1000)} s from its creation`;
}

function saved(round: InputRequiredResult): SavedRound {
  return {
    resultType: 'input_required',
    inputRequests: round.inputRequests ?? {},
    ...(round.requestState !== undefined && { requestState: round.requestState }),
  };
}
