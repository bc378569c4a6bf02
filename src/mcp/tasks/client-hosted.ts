// 2025-11-25 client-hosted elicitation tasks: a server may send a task-augmented elicitation/create
// and poll us, because a person may take longer than any request timeout. ext-tasks'
// `bindTaskReceiver` answers with a CreateTaskResult and serves tasks/get, tasks/result, tasks/list
// and tasks/cancel from the prompt's state; the prompt itself is the session's ordinary one.
import { type Client, ProtocolError, type Result } from '@modelcontextprotocol/client';
import { bindTaskReceiver } from '@modelcontextprotocol/ext-tasks/receiver';
import type { RequestCheck } from '../request-check.js';
import type { Responder } from '../respond.js';

type Checked = { params: Record<string, unknown>; check: RequestCheck & { ok: true } };
type Handler = (request: { params?: unknown }, context: unknown) => Promise<Result>;
interface HandlerTable {
  _requestHandlers: Map<string, Handler>;
}

/** A finished task is kept this long for the server to fetch its result. */
const TASK_TTL_MS = 10 * 60_000;

export function bindElicitationTasks(
  client: Client,
  check: (params: unknown) => Checked,
  respond: Responder,
): void {
  const binding = bindTaskReceiver(client, {
    methods: { 'elicitation/create': true },
    ttlMs: TASK_TTL_MS,
    pollIntervalMs: 1_000,
    elicitation: async (request, { signal }) => {
      const checked = check(request.params);
      return (await respond(checked.params, checked.check, signal)) as never;
    },
  });
  // A malformed task-augmented request gets its -32602 at once, not as a failed task later.
  const table = (client as unknown as HandlerTable)._requestHandlers;
  const served = table.get('elicitation/create');
  if (served) {
    table.set('elicitation/create', (request, context) => {
      const params = request.params as { task?: unknown } | undefined;
      if (params?.task !== undefined) {
        try {
          check(params);
        } catch (error) {
          return Promise.reject(
            error instanceof ProtocolError ? error : new ProtocolError(-32602, String(error)),
          );
        }
      }
      return served(request, context);
    });
  }
  client.registerCapabilities({ tasks: binding.capabilities } as never);
}
