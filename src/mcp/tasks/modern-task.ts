// 2026-07-28 Tasks extension (SEP-2663). A tools/call leg goes through the raw path with the
// extension declared in its `_meta`; an `input_required` answer goes back to the session's own
// multi-round driver (rounds before the task exists work as without tasks), a `resultType:
// "task"` answer is run to its end by @modelcontextprotocol/ext-tasks: polling `tasks/get` at
// pollIntervalMs (Mcp-Name set by the transport), de-duplicating inputRequests by key across
// polls, answering with `tasks/update`, and `tasks/cancel`.
import {
  type CallToolRequest,
  type CallToolResult,
  type Client,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/client';
import {
  type ApplicationInputRequest,
  createTaskSessionFromClient,
  JsonRpcResponseError,
  type RawClientDispatch,
  type ResolvedInputExchangeContext,
  type TaskEnabledSession,
  taskViewFromExecutionEvent,
} from '@modelcontextprotocol/ext-tasks/client';
import { runtimeCodecFromStandardSchema } from '@modelcontextprotocol/ext-tasks/core';
import {
  CallToolResultV2Schema,
  CreateTaskResultV2Schema,
  isCreateTaskResultV2,
  withTaskCapabilityV2,
} from '@modelcontextprotocol/ext-tasks/core/v2';
import { outboundEnvelope } from '../sdk-seam.js';
import { createRawDispatch } from './raw-dispatch.js';
import { MISSING_REQUIRED_CLIENT_CAPABILITY, TaskError, taskExpired } from './task-error.js';
import { createTaskReporter, type TaskListener } from './task-events.js';

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
}

export interface ModernTasks {
  /** One tools/call leg: a complete result, an input_required result for the driver, or a task run to its end. */
  callLeg(params: CallToolRequest['params'], options: ModernLegOptions): Promise<unknown>;
}

const PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
const CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

export function createModernTasks(client: Client): ModernTasks {
  let raw: RawClientDispatch | undefined;
  let session: TaskEnabledSession | undefined;
  const answerers = new Map<string, InputAnswerer>();

  const onInputRequest = async (request: ApplicationInputRequest, context: ResolvedInputExchangeContext) => {
    const answer = context.taskId === undefined ? undefined : answerers.get(context.taskId);
    if (answer === undefined || request.kind !== 'elicitation')
      throw new ProtocolError(
        -32602,
        `The server asked for ${request.kind}, which this client did not declare`,
      );
    const signal = context.signal ?? new AbortController().signal;
    return answer(
      { method: 'elicitation/create', params: request.params },
      context.inputId ?? '',
      signal,
    ) as never;
  };
  const taskSession = (): TaskEnabledSession => {
    if (session) return session;
    const envelope = outboundEnvelope(client);
    session = createTaskSessionFromClient(client, {
      endpointId: 'mcp-elicit',
      rawDispatch: dispatch(),
      v2RequestFraming: {
        protocolVersion: String(envelope[PROTOCOL_VERSION] ?? ''),
        clientInfo: (envelope[CLIENT_INFO] ?? {}) as never,
        clientCapabilities: (envelope[CLIENT_CAPABILITIES] ?? {}) as never,
      },
      // Declarations only steer 2025 task augmentation; the 2026 server decides alone.
      tools: { currentTool: () => undefined },
      onInputRequest: onInputRequest as never,
    });
    return session;
  };
  const dispatch = (): RawClientDispatch => {
    raw ??= createRawDispatch(client);
    return raw;
  };

  return {
    async callLeg(params, options) {
      const framed = withTaskCapabilityV2({
        ...params,
        _meta: { ...outboundEnvelope(client), ...(params._meta as Record<string, unknown> | undefined) },
      } as never);
      const response = await dispatch()(
        { method: 'tools/call', params: framed },
        { signal: options.signal, context: { requestTimeoutMs: options.requestTimeoutMs } },
      );
      if (response.kind === 'error') {
        const { code, message, data } = response.error;
        throw ProtocolError.fromError(code, message, data);
      }
      const result = response.result as Record<string, unknown>;
      if (result.resultType === 'input_required') return result;
      if (isCreateTaskResultV2(result))
        return runTask(taskSession(), result, params.name, options, answerers);
      return completeResult(result);
    },
  };
}

async function runTask(
  session: TaskEnabledSession,
  created: unknown,
  tool: string,
  options: ModernLegOptions,
  answerers: Map<string, InputAnswerer>,
): Promise<CallToolResult> {
  const task = CreateTaskResultV2Schema.parse(created);
  const taskId = task.taskId;
  options.onCreated?.();
  const report = createTaskReporter({ server: options.server, taskId, tool, era: 'modern' }, options.onTask);
  report(task.status, task.statusMessage);
  answerers.set(taskId, options.answer);
  let onAbort: (() => void) | undefined;
  try {
    const execution = await session
      .resumeTask(
        {
          endpointId: session.endpointId,
          generation: 'v2',
          taskId: taskId as never,
          originalOperation: 'tools/call',
        },
        { resultCodec: runtimeCodecFromStandardSchema(completeResultSchema) },
      )
      .catch((error: unknown) => {
        // resumeTask's first tasks/get: the task may be gone already (a short ttl, a busy machine).
        if (error instanceof JsonRpcResponseError && error.code === ProtocolErrorCode.InvalidParams)
          throw taskExpired(taskId, error.code, error);
        throw error;
      });
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        // Ctrl-C / the library's abort: tasks/cancel, then stop waiting.
        report('cancelled', 'cancelled by this client');
        void execution
          .cancel(AbortSignal.timeout(5_000))
          .catch(() => execution.detach())
          .finally(() => reject(options.signal.reason));
      };
      if (options.signal.aborted) onAbort();
      else options.signal.addEventListener('abort', onAbort, { once: true });
    });
    const { outcome } = await Promise.race([
      execution.settle({
        onEvent: (event) => {
          const view = taskViewFromExecutionEvent(event);
          if (view) report(view.status, view.statusMessage);
        },
      }),
      aborted,
    ]);
    if (outcome.status === 'completed') {
      report('completed', outcome.task?.statusMessage);
      return outcome.result;
    }
    if (outcome.status === 'cancelled')
      throw new TaskError('cancelled', 'the server cancelled the task', { taskId });
    const error = outcome.error;
    if (error.code === MISSING_REQUIRED_CLIENT_CAPABILITY) throw missingCapability(error.data, taskId);
    // A failed task always ends on a terminal snapshot; without one a tasks/* request was refused,
    // and -32602 is the extension's answer for an unknown or expired taskId ("Error Handling").
    if (outcome.task === undefined && error.code === ProtocolErrorCode.InvalidParams)
      throw taskExpired(taskId, error.code, error);
    throw new TaskError('failed', `the task failed: ${error.message}`, {
      taskId,
      ...(error.code !== undefined && { rpcCode: error.code }),
      cause: error,
    });
  } finally {
    answerers.delete(taskId);
    if (onAbort) options.signal.removeEventListener('abort', onAbort);
  }
}

/** A complete tools/call result, with or without its `resultType` (a task inlines its result). */
function completeResult(raw: Record<string, unknown>): CallToolResult {
  const { resultType: _, ...rest } = raw;
  CallToolResultV2Schema.parse({ ...rest, resultType: 'complete' });
  return rest as CallToolResult;
}

const completeResultSchema = {
  '~standard': {
    version: 1 as const,
    vendor: 'mcp-elicit',
    validate: (value: unknown) => {
      try {
        return { value: completeResult(value as Record<string, unknown>) };
      } catch (error) {
        return { issues: [{ message: `invalid tool result in the completed task: ${String(error)}` }] };
      }
    },
  },
};

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
