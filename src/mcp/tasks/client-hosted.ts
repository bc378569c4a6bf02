// 2025-11-25 client-hosted elicitation tasks: a server may send a task-augmented elicitation/create
// and poll us, because a person may take longer than any request timeout. ext-tasks'
// `bindTaskReceiver` answers with a CreateTaskResult and serves tasks/get, tasks/result, tasks/list
// and tasks/cancel from the prompt's state; the prompt itself is the session's ordinary one.
import type { Client, Result } from '@modelcontextprotocol/client';
import { bindTaskReceiver } from '@modelcontextprotocol/ext-tasks/receiver';
import { wrapRegisteredHandler } from '../sdk-seam.js';

export interface HostedElicitation {
  /** Whether the params would be accepted (no side effects). */
  readonly valid: (params: unknown) => Promise<boolean>;
  /** The session's own handling: parse, ask, answer; a malformed request rejects with -32602. */
  readonly handle: (params: unknown, signal: AbortSignal) => Promise<Result>;
}

/** A finished task is kept this long for the server to fetch its result. */
const TASK_TTL_MS = 10 * 60_000;

export function bindElicitationTasks(client: Client, elicitation: HostedElicitation): void {
  const binding = bindTaskReceiver(client, {
    methods: { 'elicitation/create': true },
    ttlMs: TASK_TTL_MS,
    pollIntervalMs: 1_000,
    elicitation: async (request, { signal }) => (await elicitation.handle(request.params, signal)) as never,
  });
  // A malformed task-augmented request gets its -32602 at once (reported as any other), not as a
  // failed task later.
  wrapRegisteredHandler(client, 'elicitation/create', (served) => async (request, context) => {
    const params = request.params as { task?: unknown } | undefined;
    if (params?.task !== undefined && !(await elicitation.valid(params)))
      return elicitation.handle(params, context.mcpReq.signal);
    return served(request, context);
  });
  client.registerCapabilities({ tasks: binding.capabilities } as never);
}
