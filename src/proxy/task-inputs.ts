// The inputs of 2026-07-28 tasks a host drives (Tasks extension, SEP-2663, "Input Required"): each
// inputRequests entry --elicit does not give the host is asked here once (keys are unique over the
// task's life) and answered upstream with tasks/update; the host's view of the task leaves those
// entries out and, when none is left for it, shows the task `working`.
import type { ElicitationSession } from '../mcp/attach.js';
import { MAX_INPUT_KEY_LENGTH, MAX_INPUT_KEYS } from '../mcp/tasks/modern-driver.js';
import type { RoutePlan } from './elicit-route.js';
import { isRecord } from './passthrough.js';

/** Tasks whose inputs the proxy keeps track of at once; the oldest is let go past this. */
const MAX_TRACKED_TASKS = 256;
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** The inputs the proxy took from one task (answering or answered), and what stops their prompts. */
interface Tracked {
  readonly taken: Set<string>;
  readonly abort: AbortController;
  chain: Promise<void>;
}

export interface TaskInputDeps {
  readonly session: ElicitationSession;
  readonly plan: RoutePlan;
  readonly log: (line: string) => void;
  /** Sends tasks/update upstream. */
  readonly update: (
    taskId: string,
    inputResponses: Record<string, unknown>,
    signal: AbortSignal,
  ) => Promise<unknown>;
}

export interface TaskInputs {
  /** A tasks/get answer as the host sees it; new inputs the proxy answers are asked meanwhile. */
  view(task: unknown): unknown;
  /** The task ended or was cancelled: its open prompts close. */
  forget(taskId: string): void;
}

export function createTaskInputs(deps: TaskInputDeps): TaskInputs {
  const { session, plan, log } = deps;
  const tracked = new Map<string, Tracked>();
  const forget = (taskId: string) => {
    tracked.get(taskId)?.abort.abort(new Error('the task ended'));
    tracked.delete(taskId);
  };
  const track = (taskId: string): Tracked => {
    let state = tracked.get(taskId);
    if (!state) {
      const oldest = tracked.keys().next();
      if (tracked.size >= MAX_TRACKED_TASKS && !oldest.done) forget(oldest.value);
      state = { taken: new Set(), abort: new AbortController(), chain: Promise.resolve() };
      tracked.set(taskId, state);
    }
    return state;
  };

  /** Whether the proxy answers this entry: an elicitation --elicit does not give the host. */
  const ours = (key: string, entry: unknown, state: Tracked): boolean => {
    if (!isRecord(entry) || entry.method !== 'elicitation/create' || !isRecord(entry.params)) return false;
    if (key.length > MAX_INPUT_KEY_LENGTH || state.taken.size >= MAX_INPUT_KEYS) return false;
    return plan.route(entry.params.mode === 'url' ? 'url' : 'form') !== 'host';
  };

  /** Asks each new entry in turn, then sends the answers upstream in one tasks/update. */
  const answer = (taskId: string, state: Tracked, fresh: [string, unknown][]) => {
    const signal = state.abort.signal;
    state.chain = state.chain
      .then(async () => {
        const inputResponses: Record<string, unknown> = {};
        for (const [key, entry] of fresh) {
          inputResponses[key] = await session.answerInput(entry, signal).catch((error: unknown) => {
            if (signal.aborted) throw error;
            // Fail closed: a request the session refused is answered `cancel`, so the task goes on.
            log(`task ${taskId}: input "${key.slice(0, 60)}" answered cancel: ${(error as Error).message}`);
            return { action: 'cancel' };
          });
        }
        await deps.update(taskId, inputResponses, signal);
      })
      .catch((error: unknown) => {
        if (!signal.aborted)
          log(`task ${taskId}: could not send its answers upstream: ${(error as Error).message}`);
      });
  };

  const view = (task: unknown): unknown => {
    if (!isRecord(task) || typeof task.taskId !== 'string') return task;
    const taskId = task.taskId;
    if (typeof task.status === 'string' && TERMINAL.has(task.status)) forget(taskId);
    if (task.status !== 'input_required' || !isRecord(task.inputRequests)) return task;
    const state = track(taskId);
    const left: Record<string, unknown> = {};
    const fresh: [string, unknown][] = [];
    for (const [key, entry] of Object.entries(task.inputRequests)) {
      if (state.taken.has(key)) continue;
      if (!ours(key, entry, state)) {
        left[key] = entry;
        continue;
      }
      state.taken.add(key);
      fresh.push([key, entry]);
    }
    if (fresh.length > 0) answer(taskId, state, fresh);
    if (Object.keys(left).length > 0) return { ...task, inputRequests: left };
    const { inputRequests: _, ...rest } = task;
    return { ...rest, status: 'working' };
  };

  return { view, forget };
}
