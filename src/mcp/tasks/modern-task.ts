// 2026-07-28 Tasks extension (SEP-2663). A tools/call leg goes through the raw path with the
// extension declared in its `_meta`; an `input_required` answer goes back to the session's own
// multi-round driver (rounds before the task exists work as without tasks), a `resultType:
// "task"` answer is run to its end by modern-driver.ts (our loop over ext-tasks' wire schemas;
// its TaskExecution keeps every polled snapshot), bounded by the task's ttl and the client's
// task timeout.
import {
  type CallToolRequest,
  type CallToolResult,
  type Client,
  ProtocolError,
} from '@modelcontextprotocol/client';
import type { RawClientDispatch } from '@modelcontextprotocol/ext-tasks/client';
import {
  CallToolResultV2Schema,
  CreateTaskResultV2Schema,
  isCreateTaskResultV2,
  withTaskCapabilityV2,
} from '@modelcontextprotocol/ext-tasks/core/v2';
import { outboundEnvelope } from '../sdk-seam.js';
import { cancelModernTask, driveModernTask, type ModernDriverOptions } from './modern-driver.js';
import { rawDispatchFor } from './raw-dispatch.js';
import type { TaskControl, TaskResume } from './task-control.js';
import { invalidTask, MISSING_REQUIRED_CLIENT_CAPABILITY, TaskError } from './task-error.js';
import { createTaskReporter, type TaskListener } from './task-events.js';
import { DEFAULT_TASK_TIMEOUT_MS, taskDeadline } from './task-timing.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** Answers one inputRequests entry through the session's elicitation path. */
export type InputAnswerer = (request: unknown, key: string, signal: AbortSignal) => Promise<unknown>;

export interface ModernLegOptions {
  readonly server: string;
  readonly signal: AbortSignal;
  readonly requestTimeoutMs: number;
  readonly answer: InputAnswerer;
  readonly onTask?: TaskListener;
  readonly onCreated?: () => void;
  /** The client's own bound on a task (ms); the task's ttl bounds it too. */
  readonly taskTimeoutMs?: number;
  /** A caller's hold on the task: its inputs, or a task to pick up by its id. */
  readonly control?: TaskControl;
}

export interface ModernTasks {
  /** One tools/call leg: a complete result, an input_required result for the driver, or a task run to its end. */
  callLeg(params: CallToolRequest['params'], options: ModernLegOptions): Promise<unknown>;
}

export function createModernTasks(client: Client): ModernTasks {
  const dispatch = (): RawClientDispatch => rawDispatchFor(client);
  const frame = (params: Record<string, unknown>) => frameTaskRequest(client, params);

  return {
    async callLeg(params, options) {
      const resume = options.control?.resume;
      // A task created earlier is picked up by its id: the tool is not called again.
      if (resume !== undefined) return runTask(dispatch(), frame, resumed(resume), params.name, options);
      const framed = frame(params as Record<string, unknown>);
      const response = await dispatch()(
        { method: 'tools/call', params: framed as never },
        { signal: options.signal, context: { requestTimeoutMs: options.requestTimeoutMs } },
      );
      if (response.kind === 'error') {
        const { code, message, data } = response.error;
        throw ProtocolError.fromError(code, message, data);
      }
      const result = response.result as Record<string, unknown>;
      if (result.resultType === 'input_required') return result;
      // A task result that breaks the schema is named as one (not as a tool result).
      if (result.resultType === 'task' || isCreateTaskResultV2(result))
        return runTask(dispatch(), frame, result, params.name, options);
      return validResult(result);
    },
  };
}

/** A picked-up task as if just created: its ttl counted from its creation, its state polled at once. */
function resumed(resume: TaskResume): Record<string, unknown> {
  const age = Math.max(0, Date.now() - Date.parse(resume.createdAt));
  return {
    resultType: 'task',
    taskId: resume.taskId,
    status: 'working',
    createdAt: resume.createdAt,
    lastUpdatedAt: resume.createdAt,
    ttlMs:
      resume.ttlMs === null ? null : Math.max(0, Math.round(resume.ttlMs - (Number.isNaN(age) ? 0 : age))),
    pollIntervalMs: 0,
  };
}

/** A request's params with the client's 2026 envelope and the Tasks extension declared in `_meta`. */
export function frameTaskRequest(client: Client, params: Record<string, unknown>): Record<string, unknown> {
  return withTaskCapabilityV2({
    ...params,
    _meta: { ...outboundEnvelope(client), ...(params._meta as Record<string, unknown> | undefined) },
  } as never) as Record<string, unknown>;
}

async function runTask(
  dispatch: RawClientDispatch,
  frame: ModernDriverOptions['frame'],
  created: unknown,
  tool: string,
  options: ModernLegOptions,
): Promise<CallToolResult> {
  const parsed = CreateTaskResultV2Schema.safeParse(created);
  if (!parsed.success) throw invalidTask('task (tools/call)', parsed.error);
  const task = parsed.data;
  const taskId = task.taskId;
  options.onCreated?.();
  const report = createTaskReporter(
    { server: options.server, taskId, tool, era: '2026-07-28' },
    options.onTask,
  );
  report(task.status, task.statusMessage);
  const deadline = taskDeadline(
    taskId,
    task.ttlMs,
    options.taskTimeoutMs ?? DEFAULT_TASK_TIMEOUT_MS,
    options.signal,
  );
  const driver: ModernDriverOptions = {
    taskId,
    dispatch,
    frame,
    requestTimeoutMs: options.requestTimeoutMs,
    deadline,
    answer: options.answer,
    report,
    ...(options.control && { control: options.control }),
    // The ttl as created (a picked-up task's record keeps the original, not what is left).
    created: { createdAt: task.createdAt, ttlMs: options.control?.resume?.ttlMs ?? task.ttlMs },
  };
  try {
    const { snapshot } = await driveModernTask(driver, task.pollIntervalMs);
    if (snapshot.status === 'completed') {
      const result = validResult(snapshot.result, taskId);
      report('completed', snapshot.statusMessage);
      return result;
    }
    if (snapshot.status === 'cancelled')
      throw new TaskError('cancelled', 'the server cancelled the task', { taskId });
    const error = snapshot.error ?? { code: -32603, message: 'no reason given' };
    if (error.code === MISSING_REQUIRED_CLIENT_CAPABILITY) throw missingCapability(error.data, taskId);
    throw new TaskError('failed', `the task failed: ${error.message}`, {
      taskId,
      rpcCode: error.code,
      cause: new ProtocolError(error.code, error.message, error.data),
    });
  } catch (error) {
    if (!deadline.signal.aborted) throw error;
    // Ctrl-C, the library's abort, or the deadline: the server is told to stop the task.
    report('cancelled', deadline.expired() ? 'timed out on this client' : 'cancelled by this client');
    await cancelModernTask(driver);
    throw deadline.signal.reason;
  } finally {
    deadline.dispose();
  }
}

function validResult(result: Record<string, unknown> | undefined, taskId?: string): CallToolResult {
  try {
    return completeResult(result ?? {});
  } catch (error) {
    throw invalidTask(
      taskId === undefined ? 'tool result' : 'tool result in the completed task',
      error,
      taskId,
    );
  }
}

/** A complete tools/call result, with or without its `resultType` (a task inlines its result). */
function completeResult(raw: Record<string, unknown>): CallToolResult {
  const { resultType: _, ...rest } = raw;
  CallToolResultV2Schema.parse({ ...rest, resultType: 'complete' });
  return rest as CallToolResult;
}

/** -32021 with `data.requiredCapabilities`: name what the server wanted. */
export function missingCapability(data: unknown, taskId?: string): TaskError {
  const required = (data as { requiredCapabilities?: unknown } | undefined)?.requiredCapabilities;
  const what = JSON.stringify(required ?? {}).slice(0, 200);
  const wantsTasks = what.includes(TASKS_EXTENSION);
  return new TaskError(
    'missing-capability',
    `the server needs client capabilities this request did not declare: ${what}${
      wantsTasks ? ' (this tool runs as a task; do not use --no-task)' : ''
    }`,
    { ...(taskId !== undefined && { taskId }), rpcCode: MISSING_REQUIRED_CLIENT_CAPABILITY },
  );
}
