// The one call that gives an SDK Client complete elicitation: declares the capability for the
// enabled modes, registers one `elicitation/create` handler serving both eras, and answers through
// a renderer. Requests made through the returned session also get human-aware timeouts, the
// -32042 retry flow, and (2026-07-28) a driver that gives slow out-of-band steps time.
import type {
  CallToolRequest,
  CallToolResult,
  Client,
  GetPromptRequest,
  GetPromptResult,
  ReadResourceRequest,
  ReadResourceResult,
} from '@modelcontextprotocol/client';
import { type ElicitationMode, type Era, eraOf } from '../contracts/protocol.js';
import type { Renderer } from '../contracts/renderer.js';
import type { ServerIdentity } from '../contracts/server-identity.js';
import type { UrlOpener, UrlWaiter } from '../contracts/url-step.js';
import { DraftStore } from '../core/draft-store.js';
import { type AttachOptions, checkTaskTimeout, planModes } from './attach-options.js';
import { withAudit } from './audit.js';
import type { Engine } from './elicitation-engine.js';
import type { ElicitationHandler } from './elicitation-handler.js';
import { createEventLog, type EventLog } from './event-log.js';
import type { ElicitationEvent } from './events.js';
import { DEFAULT_PROGRESS_INTERVAL_MS } from './progress-heartbeat.js';
import { PromptQueue } from './prompt-queue.js';
import { queuedUrlRenderer, queuedWaiter } from './queued-url.js';
import { installElicitationHandler, keepProgressBeforeResults } from './sdk-seam.js';
import { describeServer } from './server-description.js';
import {
  createRequestRunner,
  DEFAULT_MAX_INPUT_ROUNDS,
  type RequestRef,
  type SessionRequestOptions,
} from './session-requests.js';
import { bindElicitationTasks } from './tasks/client-hosted.js';
import type { TaskRunner } from './tasks/task-runner.js';
import { UrlCompletionTracker } from './url-completion.js';
// Not from url-required-retry.js: that loads the URL analysis (tldts, tr46) before it is needed.
import { DEFAULT_URL_RETRIES } from './url-required-error.js';

export type { AttachOptions } from './attach-options.js';
export { MAX_KEPT_EVENTS } from './event-log.js';
export { DEFAULT_REQUEST_TIMEOUT_MS, type SessionRequestOptions } from './session-requests.js';

/** What `attachElicitation` returns: the requests that may elicit, with human-aware timeouts, and what happened. */
export interface ElicitationSession {
  /** The elicitation modes declared to the server. */
  readonly modes: readonly ElicitationMode[];
  /** The most recent elicitations (up to 256), including rejected ones; `onEvent` sees them all. */
  readonly events: readonly ElicitationEvent[];
  /** The queue this session's prompts wait in (the one passed in, or its own). */
  readonly queue: PromptQueue;
  /** `tools/call`, run to its end (input rounds, -32042 retries, tasks) with a timeout that excludes answering time. */
  callTool(params: CallToolRequest['params'], options?: SessionRequestOptions): Promise<CallToolResult>;
  /** `prompts/get`, with the same handling as `callTool`. */
  getPrompt(params: GetPromptRequest['params'], options?: SessionRequestOptions): Promise<GetPromptResult>;
  /** `resources/read`, with the same handling as `callTool`. */
  readResource(
    params: ReadResourceRequest['params'],
    options?: SessionRequestOptions,
  ): Promise<ReadResourceResult>;
  /**
   * Answers one embedded request (an `inputRequests` entry of a 2026-07-28 task or round the
   * caller drives itself) the way this session answers any elicitation; resolves with the result
   * to send back (an `ElicitResult`).
   */
  answerInput(request: unknown, signal: AbortSignal): Promise<unknown>;
}

/** No browser to start (a proxy, a test): every URL falls back to being shown to copy. */
const NO_OPENER: UrlOpener = {
  open: async () => ({ ok: false, error: 'no browser opener was configured' }),
};

/** What the pieces of one attached session share, settled before anything touches the client. */
interface Parts {
  readonly client: Client;
  readonly options: AttachOptions;
  readonly modes: readonly ElicitationMode[];
  readonly label: string;
  readonly queue: PromptQueue;
  readonly urlRenderer: Renderer;
  readonly waiter: UrlWaiter | undefined;
  readonly opener: UrlOpener;
  readonly tracker: UrlCompletionTracker;
  readonly server: () => ServerIdentity;
  readonly log: EventLog;
  readonly inFlight: Set<RequestRef>;
  readonly era: () => Era;
}

type LazyHandler = Pick<ElicitationHandler, 'handle' | 'handleEmbedded'>;
type RequestRunner = ReturnType<typeof createRequestRunner>;

export function attachElicitation(client: Client, options: AttachOptions): ElicitationSession {
  const parts = assemble(client, options);
  let loading: Promise<Engine> | undefined;
  const engine = () => {
    loading ??= loadEngine(parts);
    return loading;
  };
  if (!options.loadEngineOnFirstUse) engine();
  const handler: LazyHandler = {
    handle: async (params, signal, ctx) => (await engine()).handler.handle(params, signal, ctx),
    handleEmbedded: async (entry, signal) => (await engine()).handler.handleEmbedded(entry, signal),
  };
  serveElicitation(parts, handler);
  const tasks = loadTasks(parts, handler);
  // Declared only where a person may outlast a request timeout, unless told otherwise.
  if (options.hostElicitationTasks ?? options.renderer.interactive) {
    bindElicitationTasks(client, async () => {
      const loaded = (await engine()).handler;
      return { parse: loaded.parse, respond: (request, signal) => loaded.respondTo(request, signal) };
    });
  }
  return sessionOf(parts, requestRunner(parts, handler), tasks, handler);
}

/** Checks the options and builds the session's shared pieces: queue, URL step, event log. */
function assemble(client: Client, options: AttachOptions): Parts {
  const { renderer } = options;
  const { modes, waiter: plainWaiter } = planModes(options);
  checkTaskTimeout(options);
  const identity: ServerIdentity =
    typeof options.server === 'string' ? { label: options.server } : options.server;
  const label = identity.label;
  const queue = options.queue ?? new PromptQueue();
  const urlRenderer = queuedUrlRenderer(renderer, queue, label);
  const waiter = plainWaiter && queuedWaiter(plainWaiter, queue, label);
  const opener = options.opener ?? renderer.opener ?? NO_OPENER;
  const tracker = new UrlCompletionTracker();
  const server = describeServer(client, identity);
  const log = createEventLog(withAudit(options.onEvent, options.audit, server, renderer));
  const inFlight = new Set<RequestRef>();
  const era = (): Era => eraOf(client.getProtocolEra());
  return {
    client,
    options,
    modes,
    label,
    queue,
    urlRenderer,
    waiter,
    opener,
    tracker,
    server,
    log,
    inFlight,
    era,
  };
}

/** Starts loading the engine; not awaited: the parser and validator load while the client connects (or on the first elicitation). */
function loadEngine(parts: Parts): Promise<Engine> {
  const { options } = parts;
  const engine = import('./elicitation-engine.js').then(({ createEngine }) =>
    createEngine({
      label: parts.label,
      renderer: options.renderer,
      urlRenderer: parts.urlRenderer,
      queue: parts.queue,
      drafts: options.drafts ?? new DraftStore(),
      opener: parts.opener,
      tracker: parts.tracker,
      waiter: parts.waiter,
      progressIntervalMs: options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS,
      emit: parts.log.emit,
      server: parts.server,
      era: parts.era,
      currentRequest: () => (parts.inFlight.size === 1 ? [...parts.inFlight][0] : undefined),
      modes: parts.modes,
    }),
  );
  // A failed load surfaces on the first elicitation, like any handler error; not as an unhandled rejection.
  engine.catch(() => {});
  return engine;
}

/** Declares the capability and installs the handlers for elicitation/create and its completions. */
function serveElicitation(parts: Parts, handler: LazyHandler): void {
  const { client, tracker } = parts;
  // C-05/C-07: declare exactly the modes we serve. No `applyDefaults`: defaults are applied here.
  client.registerCapabilities({ elicitation: Object.fromEntries(parts.modes.map((mode) => [mode, {}])) });
  installElicitationHandler(client, (request, ctx) => handler.handle(request.params, ctx.mcpReq.signal, ctx));
  keepProgressBeforeResults(client);
  if (parts.waiter) {
    // C-12: unknown or already-completed ids are ignored by the tracker.
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      const id = notification.params.elicitationId;
      if (tracker.complete(id) === 'completed') parts.options.renderer.urlCompleted?.(id);
    });
  }
}

/** The task runtime (ext-tasks' client half) is needed at the first tools/call: loaded meanwhile. */
function loadTasks(parts: Parts, handler: LazyHandler): Promise<TaskRunner> {
  const { options } = parts;
  const tasks = import('./tasks/task-runner.js').then(({ createTaskRunner }) =>
    createTaskRunner(parts.client, {
      preference: options.tasks ?? 'auto',
      server: parts.label,
      answer: (entry, _key, signal) => handler.handleEmbedded(entry, signal),
      ...(options.onTaskEvent && { onTask: options.onTaskEvent }),
      ...(options.taskTimeoutMs !== undefined && { taskTimeoutMs: options.taskTimeoutMs }),
    }),
  );
  tasks.catch(() => {});
  return tasks;
}

/** Runs the session's requests: input rounds, and the -32042 retry where URL mode is served. */
function requestRunner(parts: Parts, handler: LazyHandler): RequestRunner {
  const { options, waiter } = parts;
  return createRequestRunner({
    era: parts.era,
    transport: () => parts.client.transport,
    queue: parts.queue,
    inFlight: parts.inFlight,
    maxInputRounds: options.maxInputRounds ?? DEFAULT_MAX_INPUT_ROUNDS,
    answer: (entry, signal) => handler.handleEmbedded(entry, signal),
    ...(waiter && {
      urlRetry: (request: RequestRef, signal: AbortSignal) => ({
        server: parts.server(),
        renderer: parts.urlRenderer,
        opener: parts.opener,
        tracker: parts.tracker,
        waiter,
        maxRetries: options.maxUrlRetries ?? DEFAULT_URL_RETRIES,
        signal,
        request,
        emit: parts.log.emit,
        onMute: () => parts.queue.mute(parts.label),
      }),
    }),
  });
}

/** The session handed back: each request through the runner, tools/call through the task runtime. */
function sessionOf(
  parts: Parts,
  run: RequestRunner,
  tasks: Promise<TaskRunner>,
  handler: LazyHandler,
): ElicitationSession {
  const { client } = parts;
  return {
    modes: parts.modes,
    events: parts.log.events,
    queue: parts.queue,
    callTool: (params, o) =>
      run(
        { method: 'tools/call', name: params.name },
        async (retry, ro, leg) => (await tasks).callTool({ ...params, ...retry }, ro, leg),
        o,
      ),
    getPrompt: (params, o) =>
      run(
        { method: 'prompts/get', name: params.name },
        (retry, ro) => client.getPrompt({ ...params, ...retry }, ro),
        o,
      ),
    readResource: (params, o) =>
      run(
        { method: 'resources/read', name: params.uri },
        (retry, ro) => client.readResource({ ...params, ...retry }, ro),
        o,
      ),
    answerInput: (request, signal) => handler.handleEmbedded(request, signal),
  };
}
