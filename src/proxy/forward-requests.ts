// Host → upstream requests: every method the upstream server offers is answered by sending the
// same request upstream, with the host's cancellation and progress token carried across. The three
// requests that may carry elicitations go through the adapter's session (2026 rounds, -32042).
import type { Client, Progress, ServerCapabilities } from '@modelcontextprotocol/client';
import type { Server, ServerContext } from '@modelcontextprotocol/server';
import type { ElicitationSession } from '../mcp/attach.js';
import type { Call, CallLedger } from './call-ledger.js';
import type { HostRounds } from './host-rounds.js';
import { ANY_RESULT, upstreamParams } from './passthrough.js';
import type { PersonWaiting } from './person-waiting.js';
import { ProgressLine } from './progress-line.js';
import type { TaskRelay } from './task-host.js';
import { toHostError } from './upstream-error.js';

/** No SDK timeout of its own: the host decides how long it waits (and cancels). */
const NO_TIMEOUT_MS = 2_147_000_000;

export interface ForwardDeps {
  readonly upstream: Client;
  readonly session: ElicitationSession;
  readonly label: string;
  /** For a 2026-07-28 host: prompts it answers travel as input_required rounds. */
  readonly rounds?: HostRounds;
  /** The host session's calls open upstream (the same ledger its 2026 rounds use). */
  readonly ledger?: CallLedger;
  /** The proxy's own front-end asking someone: a 2025 host's request is kept alive with progress. */
  readonly waiting?: PersonWaiting;
  /** For a host that drives tasks itself: its task-creating calls go to the relay (forward-tasks.ts). */
  readonly tasks?: TaskRelay;
  /** The level a host's `logging/setLevel` set, once the upstream accepted it. */
  readonly onLogLevel?: (level: string) => void;
}

/** Forwards `logging/setLevel` and remembers the level the upstream accepted. */
function setLevel(forward: Forward, onLevel: ((level: string) => void) | undefined): Forward {
  return async (params, ctx) => {
    const result = await forward(params, ctx);
    if (typeof params?.level === 'string') onLevel?.(params.level);
    return result;
  };
}

type Forward = (params: Record<string, unknown> | undefined, ctx: ServerContext) => Promise<unknown>;

export function forwardRequests(server: Server, offered: ServerCapabilities, deps: ForwardDeps): void {
  const { upstream, session } = deps;
  const plain =
    (method: string): Forward =>
    (params, ctx) =>
      upstream.request({ method, ...(params && { params }) }, ANY_RESULT, options(ctx));
  const handle = (method: string, forward: Forward, rounds?: HostRounds) =>
    // Typed as ping (an empty-object result): every forwarded result is passed on as received.
    server.setRequestHandler(method as 'ping', (request, ctx) =>
      forwardOne(upstreamParams(request.params), ctx, forward, deps, rounds),
    );
  const viaSession =
    (call: (params: never, o: object) => Promise<unknown>): Forward =>
    (params, ctx) =>
      call((params ?? {}) as never, { ...options(ctx), timeoutMs: NO_TIMEOUT_MS });

  // `ping` is the SDK Server's own (an empty result): a liveness check of the proxy, and a 2026-07-28
  // upstream session has no ping to forward it to.
  if (offered.tools) {
    handle('tools/list', plain('tools/list'));
    const call = viaSession((p, o) => session.callTool(p, o));
    const tasks = deps.tasks;
    handle(
      'tools/call',
      tasks
        ? (params, ctx) => (tasks.createsTask(params, ctx) ? tasks.create(params, ctx) : call(params, ctx))
        : call,
      deps.rounds,
    );
  }
  if (offered.prompts) {
    handle('prompts/list', plain('prompts/list'));
    handle(
      'prompts/get',
      viaSession((p, o) => session.getPrompt(p, o)),
      deps.rounds,
    );
  }
  if (offered.resources) {
    handle('resources/list', plain('resources/list'));
    handle('resources/templates/list', plain('resources/templates/list'));
    handle(
      'resources/read',
      viaSession((p, o) => session.readResource(p, o)),
      deps.rounds,
    );
    if (offered.resources.subscribe) {
      handle('resources/subscribe', plain('resources/subscribe'));
      handle('resources/unsubscribe', plain('resources/unsubscribe'));
    }
  }
  if (offered.completions) handle('completion/complete', plain('completion/complete'));
  if (offered.logging) handle('logging/setLevel', setLevel(plain('logging/setLevel'), deps.onLogLevel));
}

/** One host request forwarded: kept alive, counted, cancelled with the host, its error made the host's. */
async function forwardOne(
  params: Record<string, unknown> | undefined,
  ctx: ServerContext,
  forward: Forward,
  deps: ForwardDeps,
  rounds: HostRounds | undefined,
): Promise<Record<string, never>> {
  // A 2026 host is kept alive by input_required rounds instead (host-rounds.ts).
  const stopKeepAlive = rounds ? () => {} : keepAlive(ctx, deps.waiting);
  try {
    const run = async (c: ServerContext) => {
      const value = await forward(params, c);
      // Progress for this request goes out before its result (a host drops it after); the
      // adapter already delivers upstream progress before the response (sdk-seam.ts).
      await Promise.allSettled(progressSent.get(c) ?? []);
      return value;
    };
    // A round-driven call is a job of its own (host-rounds.ts); any other is a call in the ledger.
    const result = rounds
      ? rounds.handle(ctx, (signal) => run(withSignal(ctx, signal)))
      : asCall(ctx, deps, () => run(ctx));
    return (await result) as Record<string, never>;
  } catch (error) {
    throw toHostError(error, deps.label);
  } finally {
    stopKeepAlive();
  }
}

/** A host request as a call: what the server asks meanwhile may be its, and the host may give up on it. */
async function asCall<T>(ctx: ServerContext, deps: ForwardDeps, run: () => Promise<T>): Promise<T> {
  const ledger = deps.ledger;
  if (!ledger) return run();
  const call: Call = ledger.open();
  // The host's cancel, its timeout or its connection closing gives up on the request (the last also ends the proxy).
  const onCancel = () => deps.waiting?.hostGaveUp(call);
  ctx.mcpReq.signal.addEventListener('abort', onCancel, { once: true });
  try {
    return await ledger.within(call, run);
  } finally {
    ctx.mcpReq.signal.removeEventListener('abort', onCancel);
    ledger.settled(call);
  }
}

const progressSent = new WeakMap<ServerContext, Promise<unknown>[]>();
const progressLines = new WeakMap<ServerContext, ProgressLine>();

/** One progress notification under the host's token, sent before the request's result. */
function sendProgress(ctx: ServerContext, token: string | number, progress: Progress): void {
  const sent = ctx.mcpReq
    .notify({ method: 'notifications/progress', params: { ...progress, progressToken: token } })
    .catch(() => {});
  const list = progressSent.get(ctx) ?? [];
  list.push(sent);
  progressSent.set(ctx, list);
}

function progressLine(ctx: ServerContext): ProgressLine {
  const line = progressLines.get(ctx) ?? new ProgressLine();
  progressLines.set(ctx, line);
  return line;
}

/** While a person answers in the proxy's front-end, progress keeps the host's request alive. */
function keepAlive(ctx: ServerContext, waiting: PersonWaiting | undefined): () => void {
  const token = ctx.mcpReq._meta?.progressToken;
  if (!waiting || token === undefined) return () => {};
  return waiting.whileWaiting('progress', () =>
    sendProgress(ctx, token, progressLine(ctx).keepAlive('waiting for a person to answer')),
  );
}

/** The host's cancel becomes an upstream cancel; upstream progress goes out under the host's token. */
function options(ctx: ServerContext) {
  const token = ctx.mcpReq._meta?.progressToken;
  return {
    signal: ctx.mcpReq.signal,
    timeout: NO_TIMEOUT_MS,
    ...(token !== undefined && {
      resetTimeoutOnProgress: true,
      onprogress: (progress: Progress) => sendProgress(ctx, token, progressLine(ctx).upstream(progress)),
    }),
  };
}

/** The same context with the job's signal: a round-driven call outlives the host request that began it. */
function withSignal(ctx: ServerContext, signal: AbortSignal): ServerContext {
  return { ...ctx, mcpReq: { ...ctx.mcpReq, signal } };
}
