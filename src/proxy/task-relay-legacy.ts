// 2025-11-25 tasks for a host that drives them (basic/utilities/tasks): a task-augmented tools/call
// and tasks/get, tasks/list and tasks/cancel go upstream as sent. A task's elicitation comes on a
// tasks/result stream ("Input Required Status"), so the proxy opens one as soon as it sees the task
// at input_required (a host may wait for a terminal status first) and answers it as --elicit says;
// the host sees such a task as `working`, and its own tasks/result shares that call.
import type { Notification } from '@modelcontextprotocol/client';
import { ANY_RESULT, isRecord } from './passthrough.js';
import type { RelayDeps, TaskForward, TaskRelay } from './task-host.js';
import { hasTaskParam } from './task-host.js';

/** No SDK timeout of its own: the host decides how long it waits; a task's ttl bounds it upstream. */
const NO_TIMEOUT_MS = 2_147_000_000;

export function createLegacyRelay(deps: RelayDeps): TaskRelay {
  const { upstream } = deps;
  const send = (method: string, params: Record<string, unknown> | undefined, signal?: AbortSignal) =>
    upstream.request({ method, ...(params && { params }) } as never, ANY_RESULT, {
      timeout: NO_TIMEOUT_MS,
      ...(signal && { signal }),
    });
  const results = sharedResults((taskId) => send('tasks/result', { taskId }));

  /** A task at input_required: its result stream is opened here, and the host sees it working. */
  const view = (task: unknown): unknown => {
    if (!isRecord(task) || task.status !== 'input_required' || typeof task.taskId !== 'string') return task;
    results.open(task.taskId);
    return { ...task, status: 'working' };
  };
  const plain =
    (method: string): TaskForward =>
    (params, ctx) =>
      send(method, params, ctx.mcpReq.signal);

  const methods = new Map<string, TaskForward>([
    ['tasks/get', async (params, ctx) => view(await plain('tasks/get')(params, ctx))],
    [
      'tasks/result',
      (params, ctx) =>
        typeof params?.taskId === 'string'
          ? results.join(params.taskId, ctx.mcpReq.signal)
          : plain('tasks/result')(params, ctx),
    ],
  ]);
  const offered = upstream.getServerCapabilities()?.tasks;
  if (offered?.list)
    methods.set('tasks/list', async (params, ctx) => {
      const listed = await plain('tasks/list')(params, ctx);
      if (!isRecord(listed) || !Array.isArray(listed.tasks)) return listed;
      return { ...listed, tasks: listed.tasks.map(view) };
    });
  if (offered?.cancel) methods.set('tasks/cancel', plain('tasks/cancel'));

  return {
    createsTask: (params) => hasTaskParam(params),
    create: async (params, ctx) => {
      const created = await plain('tools/call')(params, ctx);
      return isRecord(created) && isRecord(created.task) ? { ...created, task: view(created.task) } : created;
    },
    methods,
    outbound: (notification: Notification) =>
      notification.method === 'notifications/tasks/status' && isRecord(notification.params)
        ? ({ ...notification, params: view(notification.params) } as Notification)
        : notification,
  };
}

interface SharedResults {
  /** Starts the task's tasks/result upstream, unless it is already open. */
  open(taskId: string): Promise<unknown>;
  /** The host's tasks/result: the open one (or a new one); its own cancel stops only its wait. */
  join(taskId: string, signal: AbortSignal): Promise<unknown>;
}

/** One tasks/result upstream per task at a time; forgotten once it settles (the server keeps results). */
function sharedResults(fetch: (taskId: string) => Promise<unknown>): SharedResults {
  const open = new Map<string, Promise<unknown>>();
  const start = (taskId: string): Promise<unknown> => {
    const running = open.get(taskId);
    if (running) return running;
    const result = fetch(taskId);
    open.set(taskId, result);
    const forget = () => {
      if (open.get(taskId) === result) open.delete(taskId);
    };
    result.then(forget, forget);
    return result;
  };
  return {
    open: start,
    join: (taskId, signal) =>
      new Promise((resolve, reject) => {
        if (signal.aborted) {
          reject(signal.reason);
          return;
        }
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        start(taskId).then(resolve, reject);
      }),
  };
}
