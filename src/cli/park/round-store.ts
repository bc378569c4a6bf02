// Parked 2026-07-28 rounds (P-15) and tasks (P-xx): a question whose request ended with an
// `input_required` result, or that a Tasks-extension task asks (answerable by the task's id from
// any connection), needs no process to wait in. Its record holds the round as the server sent it
// (requestState echoed later byte for byte, never read) or the task's id and the input keys
// answered before, the command line that made the request (no secrets: such a call never has
// --header) and the question shown; never an answer. Claimed by a rename, so of two answers racing
// the first wins and the second finds nothing to claim (P-04).
import { readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { NotifyChoice } from '../../core/attention.js';
import { readPrivateFile, writePrivateFile } from '../../files/private-file.js';
import type { TaskResume } from '../../mcp/tasks/task-control.js';
import { isParkId, type ParkStore, type StoredQuestion } from './park-store.js';

/** A round as the server sent it. */
export interface SavedRound {
  readonly resultType: 'input_required';
  readonly inputRequests: Readonly<Record<string, unknown>>;
  readonly requestState?: string;
}

interface SavedBase {
  readonly version: 1;
  readonly question: StoredQuestion;
  /** The command that made the request, run again (with the round's answer) by `answer`. */
  readonly argv: readonly string[];
  /** --park-ttl, for the next round this command may park. */
  readonly ttlMs: number;
  /** The original command asked for --json. */
  readonly json: boolean;
  /** --notify given with --park: the next question this command parks is announced too. */
  readonly notify?: NotifyChoice;
}

export interface RoundRecord extends SavedBase {
  readonly kind: 'round';
  readonly round: SavedRound;
}

/** A task's input request: `answer` picks the task up by its id and sends tasks/update. */
export interface TaskRecord extends SavedBase {
  readonly kind: 'task';
  readonly task: TaskResume;
}

/** What a question parked with no process keeps. */
export type SavedRecord = RoundRecord | TaskRecord;

/** A record taken by one `answer`: put back when its answer is refused, dropped once sent. */
export interface ClaimedRound {
  readonly record: SavedRecord;
  release(): Promise<void>;
  drop(): Promise<void>;
}

const RECORD_MAX_BYTES = 1024 * 1024;
const WAITING = '.round.json';
const CLAIMED = '.answering.json';

export async function writeRound(store: ParkStore, record: SavedRecord): Promise<void> {
  await writePrivateFile(join(store.dir, `${record.question.id}${WAITING}`), `${JSON.stringify(record)}\n`);
}

/** Whether `id` is a parked round, waiting or being answered. */
export async function roundState(store: ParkStore, id: string): Promise<'waiting' | 'claimed' | undefined> {
  if (!isParkId(id)) return undefined;
  const names = new Set(await readdir(store.dir));
  return names.has(`${id}${WAITING}`) ? 'waiting' : names.has(`${id}${CLAIMED}`) ? 'claimed' : undefined;
}

/** Takes round `id` for one answer; undefined when another answer took it first, or it is gone. */
export async function claimRound(store: ParkStore, id: string): Promise<ClaimedRound | undefined> {
  if (!isParkId(id)) return undefined;
  const waiting = join(store.dir, `${id}${WAITING}`);
  const claimed = join(store.dir, `${id}${CLAIMED}`);
  try {
    await rename(waiting, claimed);
  } catch {
    return undefined;
  }
  const record = parseRound(await readPrivateFile(claimed, RECORD_MAX_BYTES), id);
  if (record === undefined) {
    await rm(claimed, { force: true });
    return undefined;
  }
  return {
    record,
    release: () => rename(claimed, waiting),
    drop: () => rm(claimed, { force: true }),
  };
}

/** Every waiting round, oldest first; expired ones are removed. */
export async function listRounds(store: ParkStore, now: number): Promise<SavedRecord[]> {
  const names = (await readdir(store.dir)).filter((name) => name.endsWith(WAITING));
  const records: SavedRecord[] = [];
  for (const name of names) {
    const id = name.slice(0, -WAITING.length);
    const file = join(store.dir, name);
    const record = isParkId(id) ? parseRound(await readPrivateFile(file, RECORD_MAX_BYTES), id) : undefined;
    if (record !== undefined && record.question.expiresAt > now) records.push(record);
    else await rm(file, { force: true });
  }
  return records.sort((a, b) => a.question.parkedAt - b.question.parkedAt);
}

function parseRound(text: string | undefined, id: string): SavedRecord | undefined {
  if (text === undefined) return undefined;
  try {
    const record = JSON.parse(text) as SavedRecord;
    const ok =
      record.version === 1 &&
      record.question?.id === id &&
      Array.isArray(record.argv) &&
      typeof record.ttlMs === 'number' &&
      record.argv.every((word) => typeof word === 'string') &&
      (record.kind === 'round' ? validRound(record.round) : record.kind === 'task' && validTask(record.task));
    return ok ? record : undefined;
  } catch {
    return undefined;
  }
}

function validRound(round: SavedRound | undefined): boolean {
  return (
    round?.resultType === 'input_required' &&
    typeof round.inputRequests === 'object' &&
    (round.requestState === undefined || typeof round.requestState === 'string')
  );
}

function validTask(task: TaskResume | undefined): boolean {
  return (
    typeof task?.taskId === 'string' &&
    typeof task.createdAt === 'string' &&
    (task.ttlMs === null || typeof task.ttlMs === 'number') &&
    Array.isArray(task.answered) &&
    task.answered.every((key) => typeof key === 'string')
  );
}
