// 2026-07-28 Tasks extension (SEP-2663) for a host that drives its tasks: a tools/call declaring the
// extension, tasks/get, tasks/update and tasks/cancel go upstream on the raw path (the SDK's decoder
// rejects task results), framed with the proxy's envelope and the extension. Input rounds before
// the task exists are answered as for any call. Inside a task, each inputRequests entry the proxy
// answers (--elicit: not the host's) is asked once and sent back with tasks/update; the host's
// tasks/get shows those entries gone and, when none is left for it, the task `working`.
import { ProtocolError } from '@modelcontextprotocol/client';
import { driveInputRequired } from '../mcp/input-required-driver.js';
import { DEFAULT_MAX_INPUT_ROUNDS } from '../mcp/session-requests.js';
import { MAX_INPUT_KEY_LENGTH, MAX_INPUT_KEYS } from '../mcp/tasks/modern-driver.js';
import { frameTaskRequest } from '../mcp/tasks/modern-task.js';
import { rawDispatchFor } from '../mcp/tasks/raw-dispatch.js';
import { isRecord } from './passthrough.js';
import {
  declaresExtension,
  type RelayDeps,
  requestCapabilities,
  type TaskForward,
  type TaskRelay,
} from './task-host.js';

/** Tasks whose inputs the proxy keeps track of at once; the oldest is let go past this. */
const MAX_TRACKED_TASKS = 256;
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** The inputs the proxy took from one task (answering or answered), and what stops their prompts. */
interface Tracked {
  readonly taken: Set<string>;
  readonly abort: AbortController;
  chain: Promise<void>;
}

export function createModernRelay(deps: RelayDeps): TaskRelay {
  const { upstream, session, plan, log } = deps;
  const dispatch = rawDispatchFor(upstream);
  const call = async (method: string, params: Record<string, unknown>, signal: AbortSignal) => {
    const taskId = typeof params.taskId === 'string' ? params.taskId : undefined;
    const response = await dispatch(
      { method, params: frameTaskRequest(upstream, params) as never },
      { signal, context: { ...(taskId !== undefined && { headers: { 'Mcp-Name': taskId } }) } },
    );
    if (response.kind === 'error') {
      const { code, message, data } = response.error;
      throw ProtocolError.fromError(code, message, data);
    }
    return response.result as unknown;
  };
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
        await call('tasks/update', { taskId, inputResponses }, signal);
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

  const byTask =
    (method: string, extra: (ctx: Parameters<TaskForward>[1]) => Record<string, unknown> = () => ({})) =>
    (params: Record<string, unknown> | undefined, ctx: Parameters<TaskForward>[1]) =>
      call(method, { ...params, ...extra(ctx) }, ctx.mcpReq.signal);

  const methods = new Map<string, TaskForward>([
    ['tasks/get', async (params, ctx) => view(await byTask('tasks/get')(params, ctx))],
    // The SDK lifts `inputResponses` off every request's params into the context.
    [
      'tasks/update',
      byTask('tasks/update', (ctx) =>
        ctx.mcpReq.inputResponses === undefined ? {} : { inputResponses: ctx.mcpReq.inputResponses },
      ),
    ],
    [
      'tasks/cancel',
      async (params, ctx) => {
        const cancelled = await byTask('tasks/cancel')(params, ctx);
        if (typeof params?.taskId === 'string') forget(params.taskId);
        return cancelled;
      },
    ],
  ]);

  return {
    createsTask: (_params, ctx) => declaresExtension(requestCapabilities(ctx)),
    create: (params, ctx) =>
      driveInputRequired(
        (retry, options) => call('tools/call', { ...params, ...retry }, options.signal ?? ctx.mcpReq.signal),
        { signal: ctx.mcpReq.signal },
        {
          maxInputRounds: DEFAULT_MAX_INPUT_ROUNDS,
          answer: (entry, _key, signal) => session.answerInput(entry, signal),
        },
      ),
    methods,
  };
}
