// 2026-07-28 Tasks extension (SEP-2663) for a host that drives its tasks: a tools/call declaring the
// extension, tasks/get, tasks/update and tasks/cancel go upstream on the raw path (the SDK's decoder
// rejects task results), framed with the proxy's envelope and the extension. Input rounds before
// the task exists are answered as for any call; the inputs inside a task, in task-inputs.ts.
import { ProtocolError } from '@modelcontextprotocol/client';
import { driveInputRequired } from '../mcp/input-required-driver.js';
import { DEFAULT_MAX_INPUT_ROUNDS } from '../mcp/session-requests.js';
import { frameTaskRequest } from '../mcp/tasks/modern-task.js';
import { rawDispatchFor } from '../mcp/tasks/raw-dispatch.js';
import {
  declaresExtension,
  type RelayDeps,
  requestCapabilities,
  type TaskForward,
  type TaskRelay,
} from './task-host.js';
import { createTaskInputs } from './task-inputs.js';

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
  const inputs = createTaskInputs({
    session,
    plan,
    log,
    update: (taskId, inputResponses, signal) => call('tasks/update', { taskId, inputResponses }, signal),
  });
  const { view, forget } = inputs;

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
