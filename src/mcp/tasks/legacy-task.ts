// 2025-11-25 tasks (basic/utilities/tasks): a task-augmented tools/call, polled with tasks/get at
// the server's pollInterval. At input_required we call tasks/result at once, because that is the
// stream the server delivers its elicitation/create on (server-everything queues it there); the
// elicitation is answered by the session's ordinary handler, and tasks/result returns the tool's
// result. ext-tasks 0.2.2's own V1 driver polls until a terminal status before calling
// tasks/result, so such a task never leaves input_required: only its schemas and negotiation
// helpers are used here.
import {
  type CallToolRequest,
  type CallToolResult,
  type Client,
  ProtocolError,
  type RequestOptions,
} from '@modelcontextprotocol/client';
import {
  CallToolResultV1Schema,
  CancelTaskResultV1Schema,
  CreateTaskResultV1Schema,
  GetTaskResultV1Schema,
  hasTaskCancelCapabilityV1,
  type ServerTaskCapabilitiesV1,
  type TaskV1,
} from '@modelcontextprotocol/ext-tasks/core/v1';
import { invalidTask, TaskError, taskExpired } from './task-error.js';
import { createTaskReporter, isTerminal, type TaskListener } from './task-events.js';
import { DEFAULT_TASK_TIMEOUT_MS, pollDelay, sleep, taskDeadline } from './task-timing.js';

export interface LegacyTaskOptions {
  readonly client: Client;
  readonly server: string;
  readonly capabilities: ServerTaskCapabilitiesV1;
  /** Each poll / create request's own time limit (the whole task may run much longer). */
  readonly requestTimeoutMs: number;
  readonly signal: AbortSignal;
  readonly onTask?: TaskListener;
  /** Called once the task exists: the caller stops counting the call's own timeout. */
  readonly onCreated?: () => void;
  /** The client's own bound on the task (ms); its ttl bounds it too. */
  readonly taskTimeoutMs?: number;
}

type Schema = Parameters<Client['request']>[1];
type Validator = { safeParse(value: unknown): { success: boolean; data?: unknown; error?: unknown } };

/** Takes any result off the SDK: each is validated here, so a bad one is named in one line. */
const anyResult = {
  '~standard': { version: 1, vendor: 'mcp-elicit', validate: (value: unknown) => ({ value }) },
} as unknown as Schema;

/** The request's signal and task id, both set later: the deadline's signal and the created task's id. */
interface CallState {
  signal: AbortSignal;
  taskId?: string;
}

type TaskRequest = <T>(
  method: string,
  body: Record<string, unknown>,
  schema: Validator,
  timeout: number,
  what: string,
) => Promise<T>;

/** What the poll loop and the ending share, once the task exists. */
interface LegacyRun {
  readonly id: string;
  readonly call: CallState;
  readonly request: TaskRequest;
  readonly results: ResultFetch;
  readonly report: ReturnType<typeof createTaskReporter>;
  readonly requestTimeoutMs: number;
}

export async function runLegacyTask(
  params: CallToolRequest['params'],
  options: LegacyTaskOptions,
): Promise<CallToolResult> {
  const call: CallState = { signal: options.signal };
  const request = createRequester(options.client, call);
  const created = await request<{ task: TaskV1 }>(
    'tools/call',
    { ...params, task: {} },
    CreateTaskResultV1Schema,
    options.requestTimeoutMs,
    'task (tools/call)',
  );
  const id = created.task.taskId;
  call.taskId = id;
  options.onCreated?.();
  const deadline = taskDeadline(
    id,
    created.task.ttl,
    options.taskTimeoutMs ?? DEFAULT_TASK_TIMEOUT_MS,
    call.signal,
  );
  call.signal = deadline.signal;
  const report = createTaskReporter(
    { server: options.server, taskId: id, tool: params.name, era: '2025-11-25' },
    options.onTask,
  );
  report(created.task.status, created.task.statusMessage);
  const results = createResultFetch(request, id);
  const run: LegacyRun = { id, call, request, results, report, requestTimeoutMs: options.requestTimeoutMs };
  try {
    return await finish(run, await pollUntilDone(run, created.task));
  } catch (error) {
    if (!call.signal.aborted) throw error;
    // A person's Ctrl-C, the library's abort or the deadline: the server is told to stop the task.
    await cancelTask(options, id);
    report('cancelled', deadline.expired() ? 'timed out on this client' : 'cancelled by this client');
    throw call.signal.reason;
  } finally {
    deadline.dispose();
  }
}

/** One request through the SDK, its result validated here under the call's current signal. */
function createRequester(client: Client, call: CallState): TaskRequest {
  return async <T>(
    method: string,
    body: Record<string, unknown>,
    schema: Validator,
    timeout: number,
    what: string,
  ): Promise<T> => {
    const raw = await client.request({ method, params: body } as never, anyResult, {
      signal: call.signal,
      timeout,
    } satisfies RequestOptions);
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw invalidTask(what, parsed.error, call.taskId);
    return parsed.data as T;
  };
}

interface ResultFetch {
  /** Starts tasks/result once; later calls return the same promise. */
  fetch(): Promise<CallToolResult>;
  started(): Promise<CallToolResult> | undefined;
  settled(): boolean;
}

// tasks/result blocks until the task ends; started once, at input_required (or at the end).
function createResultFetch(request: TaskRequest, taskId: string): ResultFetch {
  let result: Promise<CallToolResult> | undefined;
  let settled = false;
  const fetch = (): Promise<CallToolResult> => {
    if (result) return result;
    // No request timeout of its own: tasks/result waits for the task's end, which the deadline bounds.
    result = request<CallToolResult>(
      'tasks/result',
      { taskId },
      CallToolResultV1Schema,
      2_147_483_647,
      'tool result (tasks/result)',
    );
    const done = () => {
      settled = true;
    };
    result.then(done, done);
    return result;
  };
  return { fetch, started: () => result, settled: () => settled };
}

/** Polls tasks/get until the task ends or its result arrives; returns the last status seen. */
async function pollUntilDone(run: LegacyRun, first: TaskV1): Promise<TaskV1> {
  const { id, call, request, results, report } = run;
  let task = first;
  while (!isTerminal(task.status) && !results.settled()) {
    if (task.status === 'input_required') results.fetch();
    const pause = sleep(pollDelay(task.pollInterval), call.signal);
    const result = results.started();
    await (result ? Promise.race([pause, result.catch(() => {})]) : pause);
    if (results.settled()) break;
    task = await poll(id, () =>
      request(
        'tasks/get',
        { taskId: id },
        GetTaskResultV1Schema,
        run.requestTimeoutMs,
        'task status (tasks/get)',
      ),
    );
    report(task.status, task.statusMessage);
  }
  return task;
}

/** A failed or cancelled task is an error; otherwise the tool's result, reported as completed. */
async function finish(run: LegacyRun, task: TaskV1): Promise<CallToolResult> {
  const taskId = run.id;
  if (task.status === 'failed')
    throw new TaskError('failed', `the task failed: ${task.statusMessage ?? 'no reason given'}`, {
      taskId,
    });
  if (task.status === 'cancelled')
    throw new TaskError(
      'cancelled',
      `the server cancelled the task${task.statusMessage ? `: ${task.statusMessage}` : ''}`,
      { taskId },
    );
  const final = await run.results.fetch().catch((error: unknown) => {
    // tasks/result answers a failed or cancelled task with its JSON-RPC error.
    if (!(error instanceof ProtocolError) || run.call.signal.aborted) throw error;
    throw new TaskError('failed', `the task failed: ${error.message}`, {
      taskId,
      rpcCode: error.code,
      cause: error,
    });
  });
  run.report('completed', task.status === 'completed' ? task.statusMessage : undefined);
  return final;
}

/** tasks/cancel, where the server supports it; its failure changes nothing. */
async function cancelTask(options: LegacyTaskOptions, taskId: string): Promise<void> {
  if (!options.capabilities || !hasTaskCancelCapabilityV1(options.capabilities)) return;
  await options.client
    .request({ method: 'tasks/cancel', params: { taskId } } as never, CancelTaskResultV1Schema as Schema, {
      timeout: 5_000,
    })
    .catch(() => {});
}

async function poll(taskId: string, get: () => Promise<TaskV1>): Promise<TaskV1> {
  try {
    return await get();
  } catch (error) {
    if (error instanceof ProtocolError) throw taskExpired(taskId, error.code, error);
    throw error;
  }
}
