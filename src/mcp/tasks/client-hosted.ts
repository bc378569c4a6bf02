// 2025-11-25 client-hosted elicitation tasks: a server may send a task-augmented elicitation/create
// and poll us, because a person may take longer than any request timeout. ext-tasks'
// `bindTaskReceiver` answers with a CreateTaskResult and serves tasks/get, tasks/result, tasks/list
// and tasks/cancel from the prompt's state; the prompt itself is the session's ordinary one.
import { type Client, ProtocolError, ProtocolErrorCode, type Result } from '@modelcontextprotocol/client';
import { bindTaskReceiver } from '@modelcontextprotocol/ext-tasks/receiver';
import type { ElicitRequest } from '../incoming-request.js';
import { type RawHandler, wrapRegisteredHandler } from '../sdk-seam.js';

export interface HostedElicitation {
  /** The session's parse: the typed request, or a reported -32602 thrown for a malformed one. */
  readonly parse: (params: unknown) => Promise<ElicitRequest>;
  /** The session's own handling of a parsed request: ask, answer. */
  readonly respond: (request: ElicitRequest, signal: AbortSignal) => Promise<Result>;
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** A finished task is kept this long for the server to fetch its result. */
const TASK_TTL_MS = 10 * 60_000;

/** `load` gives the session's parse and respond; they load while the client connects (attach.ts). */
export function bindElicitationTasks(client: Client, load: () => Promise<HostedElicitation>): void {
  // The request parsed in front of the receiver, taken by its callback (which the receiver calls
  // before it returns the task); a receiver that called later would find none and parse again.
  let handedOver: ElicitRequest | undefined;
  const binding = bindTaskReceiver(client, {
    methods: { 'elicitation/create': true },
    ttlMs: TASK_TTL_MS,
    pollIntervalMs: 1_000,
    elicitation: async (request, { signal }) => {
      const taken = handedOver;
      handedOver = undefined;
      const elicitation = await load();
      const parsed = taken ?? (await elicitation.parse(request.params));
      return (await elicitation.respond(parsed, signal)) as never;
    },
  });
  // A malformed task-augmented request gets its -32602 at once (reported as any other), not as a
  // failed task later.
  wrapRegisteredHandler(client, 'elicitation/create', (served) => async (request, context) => {
    const params = request.params as { task?: unknown } | undefined;
    if (params?.task === undefined) return served(request, context);
    // Parsed (in slices, so a rejection is thrown from here as a -32602); then handed over
    // synchronously: nothing runs between setting it and the receiver's callback taking it.
    const { parse } = await load();
    const parsed = await parse(params);
    try {
      handedOver = parsed;
      return served(request, context);
    } finally {
      handedOver = undefined;
    }
  });
  refuseCancelOfFinished(client);
  client.registerCapabilities({ tasks: binding.capabilities } as never);
}

/**
 * 2025-11-25 tasks "Error Handling": cancelling a task already in a terminal status is -32602.
 * ext-tasks 0.2.2 answers it with the finished task instead, so the status is checked first.
 */
function refuseCancelOfFinished(client: Client): void {
  let getTask: RawHandler | undefined;
  wrapRegisteredHandler(client, 'tasks/get', (served) => {
    getTask = served;
    return served;
  });
  wrapRegisteredHandler(client, 'tasks/cancel', (served) => async (request, context) => {
    const task = (await getTask?.({ ...request, method: 'tasks/get' }, context)) as
      | { taskId?: unknown; status?: unknown }
      | undefined;
    if (typeof task?.status === 'string' && TERMINAL.has(task.status))
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Cannot cancel task ${String(task.taskId)}: it is already ${task.status}`,
      );
    return served(request, context);
  });
}
