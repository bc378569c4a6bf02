// Runs a 2026-07-28 task (SEP-2663) to its end: tasks/get at the server's pollIntervalMs (one floor
// for both eras), each new inputRequests entry answered once (keys are unique over the task's
// life) with tasks/update, tasks/cancel on abort or when the deadline passes. Our own loop over
// ext-tasks' wire schemas, in bounded memory: ext-tasks 0.2.2's TaskExecution keeps every
// distinct snapshot it polls (`observedSnapshots`, unbounded) and fingerprints every input request
// of every poll, so a task holding thousands of input requests grew the heap and blocked the loop.
// Here a poll keeps only the task's current state and the set of keys already answered.
import type { RawClientDispatch } from '@modelcontextprotocol/ext-tasks/client';
import {
  CancelTaskResultV2Schema,
  ElicitRequestV2Schema,
  GetTaskResultV2Schema,
  UpdateTaskResultV2Schema,
} from '@modelcontextprotocol/ext-tasks/core/v2';
import type { TaskControl } from './task-control.js';
import { invalidTask, TaskError, taskExpired } from './task-error.js';
import type { TaskStatus } from './task-events.js';
import { pollDelay, sleep, type TaskDeadline } from './task-timing.js';

/** Distinct input keys a task may use over its life; each is a question to a person. */
export const MAX_INPUT_KEYS = 10_000;
/** Input keys longer than this are refused: the answered-keys set must stay small. */
export const MAX_INPUT_KEY_LENGTH = 1_000;

export interface ModernDriverOptions {
  readonly taskId: string;
  readonly dispatch: RawClientDispatch;
  /** Frames tasks/* params with the request envelope and the extension declared. */
  readonly frame: (params: Record<string, unknown>) => Record<string, unknown>;
  readonly requestTimeoutMs: number;
  readonly deadline: TaskDeadline;
  readonly answer: (request: unknown, key: string, signal: AbortSignal) => Promise<unknown>;
  readonly report: (status: TaskStatus, statusMessage: string | undefined) => void;
  /** A caller's hold on the task's inputs (parking them), and the keys answered before (a resumed task). */
  readonly control?: TaskControl;
  /** When the task was created, and its ttl: told to `control.onInput`. */
  readonly created: { readonly createdAt: string; readonly ttlMs: number | null };
}

interface Snapshot {
  readonly status: TaskStatus;
  readonly statusMessage?: string;
  readonly pollIntervalMs?: number;
  readonly result?: Record<string, unknown>;
  readonly error?: { code: number; message: string; data?: unknown };
}

class RpcError extends Error {
  constructor(readonly error: { code: number; message: string; data?: unknown }) {
    super(error.message);
  }
}

export async function driveModernTask(
  options: ModernDriverOptions,
  firstPollMs: number | undefined,
): Promise<{ snapshot: Snapshot }> {
  const { taskId, deadline } = options;
  const signal = deadline.signal;
  const answered = new Set<string>(options.control?.resume?.answered);
  const call = async (method: string, params: Record<string, unknown>) => {
    const response = await options.dispatch(
      { method, params: options.frame({ taskId, ...params }) as never },
      {
        signal,
        context: { requestTimeoutMs: options.requestTimeoutMs, headers: { 'Mcp-Name': taskId } },
      },
    );
    if (response.kind === 'error') throw new RpcError(response.error);
    return response.result as unknown;
  };
  let interval = firstPollMs;
  for (;;) {
    await sleep(pollDelay(interval), signal);
    const snapshot = await poll(taskId, () => call('tasks/get', {}));
    options.report(snapshot.task.status, snapshot.task.statusMessage);
    interval = snapshot.task.pollIntervalMs;
    if (snapshot.task.status === 'input_required') {
      const update = async (responses: Record<string, unknown>) => {
        const ack = await call('tasks/update', { inputResponses: responses }).catch(rpcFailure(taskId));
        if (!UpdateTaskResultV2Schema.safeParse(ack).success)
          throw invalidTask('tasks/update answer', UpdateTaskResultV2Schema.safeParse(ack).error, taskId);
      };
      await answerNew(snapshot.inputRequests, answered, options, signal, update);
    } else if (snapshot.task.status !== 'working') return { snapshot: snapshot.task };
  }
}

/** tasks/cancel, best effort and briefly: the task ends on our side whatever the server says. */
export async function cancelModernTask(options: ModernDriverOptions): Promise<void> {
  const response = await options
    .dispatch(
      { method: 'tasks/cancel', params: options.frame({ taskId: options.taskId }) as never },
      {
        signal: AbortSignal.timeout(5_000),
        context: { requestTimeoutMs: 5_000, headers: { 'Mcp-Name': options.taskId } },
      },
    )
    .catch(() => undefined);
  if (response?.kind === 'result') CancelTaskResultV2Schema.safeParse(response.result);
}

/**
 * Validates one tasks/get answer. The input requests are left out of the schema pass (a poll may
 * carry thousands of already-answered ones); each new one is checked when it is answered.
 */
async function poll(
  taskId: string,
  get: () => Promise<unknown>,
): Promise<{ task: Snapshot; inputRequests: Record<string, unknown> }> {
  const raw = await get().catch(rpcFailure(taskId));
  const record = (raw ?? {}) as Record<string, unknown>;
  const inputRequests = isPlainObject(record.inputRequests) ? record.inputRequests : undefined;
  const shallow =
    record.status === 'input_required' && inputRequests !== undefined
      ? { ...record, inputRequests: {} }
      : raw;
  const parsed = GetTaskResultV2Schema.safeParse(shallow);
  if (!parsed.success) throw invalidTask('task status (tasks/get)', parsed.error, taskId);
  if (parsed.data.taskId !== taskId)
    throw new TaskError(
      'invalid-response',
      `the server answered tasks/get for another task (${parsed.data.taskId})`,
      {
        taskId,
      },
    );
  return { task: parsed.data as Snapshot, inputRequests: inputRequests ?? {} };
}

// Answers each new key; sent together in one tasks/update, or one by one under a caller's control
// (a key parked in another process must not hold back the answers already given).
async function answerNew(
  inputRequests: Record<string, unknown>,
  answered: Set<string>,
  options: ModernDriverOptions,
  signal: AbortSignal,
  update: (responses: Record<string, unknown>) => Promise<void>,
): Promise<void> {
  const responses: Record<string, unknown> = {};
  const control = options.control;
  for (const key of Object.keys(inputRequests)) {
    if (answered.has(key)) continue;
    if (key.length > MAX_INPUT_KEY_LENGTH)
      throw new TaskError(
        'too-many-inputs',
        `the server used an input key of ${key.length} characters (limit ${MAX_INPUT_KEY_LENGTH})`,
        {
          taskId: options.taskId,
        },
      );
    if (answered.size >= MAX_INPUT_KEYS)
      throw new TaskError(
        'too-many-inputs',
        `the server asked for more than ${MAX_INPUT_KEYS} inputs over the task's life; the client stops here`,
        { taskId: options.taskId },
      );
    const request = inputRequests[key];
    const method = (request as { method?: unknown } | undefined)?.method;
    if (method !== 'elicitation/create')
      throw new TaskError(
        'invalid-response',
        `the server asked for ${typeof method === 'string' ? method.slice(0, 60) : 'an unknown kind of input'} (input "${key.slice(0, 60)}"), which this client did not declare`,
        { taskId: options.taskId },
      );
    const parsed = ElicitRequestV2Schema.safeParse(request);
    if (!parsed.success)
      throw invalidTask(`input request "${key.slice(0, 60)}"`, parsed.error, options.taskId);
    const before = [...answered];
    answered.add(key);
    const answer = (s: AbortSignal) => options.answer(request, key, s);
    if (control?.onInput === undefined) {
      responses[key] = await answer(signal);
      continue;
    }
    const input = { taskId: options.taskId, ...options.created, answered: before, key, request };
    await update({ [key]: (await control.onInput(input, answer)).response });
  }
  if (Object.keys(responses).length > 0) await update(responses);
}

/** A tasks/* error answer: -32602 means the task is gone (its ttl ran out), else it is passed on. */
function rpcFailure(taskId: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof RpcError) {
      if (error.error.code === -32602) throw taskExpired(taskId, error.error.code, error);
      throw new TaskError('failed', `the task failed: ${error.message}`, {
        taskId,
        rpcCode: error.error.code,
        cause: error,
      });
    }
    throw error;
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
