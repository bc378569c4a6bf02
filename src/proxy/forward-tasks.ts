// Tasks for a host that drives them itself (task-host.ts says which host does): its task-creating
// tools/call and its tasks/* requests go upstream and back (task-relay-legacy.ts for 2025-11-25,
// task-relay-modern.ts for the 2026-07-28 Tasks extension), while what a task asks for is still
// answered as --elicit says. Any other host keeps the proxy running each task itself.
import type { JSONRPCRequest, Result } from '@modelcontextprotocol/client';
import { Server, type ServerContext } from '@modelcontextprotocol/server';
import type { Era } from '../contracts/protocol.js';
import { upstreamParams } from './passthrough.js';
import type { RelayDeps, TaskRelay } from './task-host.js';
import { createLegacyRelay } from './task-relay-legacy.js';
import { createModernRelay } from './task-relay-modern.js';
import { toHostError } from './upstream-error.js';

export function createTaskRelay(era: Era, deps: RelayDeps): TaskRelay {
  return era === '2025-11-25' ? createLegacyRelay(deps) : createModernRelay(deps);
}

/** Registers the relay's tasks/* methods on the host server; upstream errors pass on as received. */
export function registerTaskMethods(server: Server, relay: TaskRelay, era: Era, label: string): void {
  for (const [method, forward] of relay.methods) {
    const run = async (params: unknown, ctx: ServerContext) => {
      try {
        return (await forward(upstreamParams(params), ctx)) as Record<string, never>;
      } catch (error) {
        throw toHostError(error, label);
      }
    };
    // tasks/* are spec methods on 2025-11-25; on 2026-07-28 they belong to the extension (custom).
    if (era === '2025-11-25')
      server.setRequestHandler(method as 'ping', (request, ctx) => run(request.params, ctx));
    else server.setRequestHandler(method, { params: ANY_PARAMS }, run);
  }
}

/** Params of the extension's methods, taken as sent (the upstream server checks them). */
const ANY_PARAMS = {
  '~standard': { version: 1, vendor: 'mcp-elicit', validate: (value: unknown) => ({ value }) },
} as const;

/**
 * The host-facing SDK Server. The SDK checks every tools/call result against CallToolResult, which
 * a 2025 CreateTaskResult is not ("content is required when the body carries 'task'"): a
 * task-augmented call's answer is passed on unchecked, as the upstream sent it.
 */
export class HostServer extends Server {
  /** Set when the host drives 2025 tasks: tells a task-augmented tools/call. */
  taskAugmented?: (request: JSONRPCRequest) => boolean;
  /** The upstream's `logging` is offered to the host: the proxy may log to it too (page-notice.ts). */
  logging = false;
  /** The least severe level the host asked for with `logging/setLevel`; unset: every level. */
  logLevel: string | undefined;

  protected override _wrapHandler(
    method: string,
    handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>,
  ): (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result> {
    const checked = super._wrapHandler(method, handler);
    if (method !== 'tools/call') return checked;
    return (request, ctx) => (this.taskAugmented?.(request) ? handler(request, ctx) : checked(request, ctx));
  }
}
