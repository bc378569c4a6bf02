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
import type { ElicitationMode, Era } from '../contracts/protocol.js';
import type { ServerIdentity } from '../contracts/server-identity.js';
import type { UrlOpener } from '../contracts/url-step.js';
import { DraftStore } from '../core/draft-store.js';
import { type AttachOptions, checkTaskTimeout, planModes } from './attach-options.js';
import { withAudit } from './audit.js';
import type { ElicitationHandler } from './elicitation-handler.js';
import { createEventLog } from './event-log.js';
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
}

/** No browser to start (a proxy, a test): every URL falls back to being shown to copy. */
const NO_OPENER: UrlOpener = {
  open: async () => ({ ok: false, error: 'no browser opener was configured' }),
};

export function attachElicitation(client: Client, options: AttachOptions): ElicitationSession {
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
  const era = (): Era => (client.getProtocolEra() === 'modern' ? 'modern' : 'legacy');
  // Not awaited here: the parser and validator load while the client connects (see elicitation-engine.ts).
  const engine = import('./elicitation-engine.js').then(({ createEngine }) =>
    createEngine({
      label,
      renderer,
      urlRenderer,
      queue,
      drafts: options.drafts ?? new DraftStore(),
      opener,
      tracker,
      waiter,
      progressIntervalMs: options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS,
      emit: log.emit,
      server,
      era,
      currentRequest: () => (inFlight.size === 1 ? [...inFlight][0] : undefined),
      modes,
    }),
  );
  // A failed load surfaces on the first elicitation, like any handler error; not as an unhandled rejection.
  engine.catch(() => {});
  const handler: Pick<ElicitationHandler, 'handle' | 'handleEmbedded'> = {
    handle: async (params, signal, ctx) => (await engine).handler.handle(params, signal, ctx),
    handleEmbedded: async (entry, signal) => (await engine).handler.handleEmbedded(entry, signal),
  };

  // C-05/C-07: declare exactly the modes we serve. No `applyDefaults`: defaults are applied here.
  client.registerCapabilities({ elicitation: Object.fromEntries(modes.map((mode) => [mode, {}])) });
  installElicitationHandler(client, (request, ctx) => handler.handle(request.params, ctx.mcpReq.signal, ctx));
  keepProgressBeforeResults(client);
  if (waiter) {
    // C-12: unknown or already-completed ids are ignored by the tracker.
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      tracker.complete(notification.params.elicitationId);
    });
  }

  // The task runtime (ext-tasks' client half) is needed at the first tools/call: loaded meanwhile.
  const tasks = import('./tasks/task-runner.js').then(({ createTaskRunner }) =>
    createTaskRunner(client, {
      preference: options.tasks ?? 'auto',
      server: label,
      answer: (entry, _key, signal) => handler.handleEmbedded(entry, signal),
      ...(options.onTaskEvent && { onTask: options.onTaskEvent }),
      ...(options.taskTimeoutMs !== undefined && { taskTimeoutMs: options.taskTimeoutMs }),
    }),
  );
  tasks.catch(() => {});
  // Declared only where a person may outlast a request timeout, unless told otherwise.
  if (options.hostElicitationTasks ?? renderer.interactive) {
    bindElicitationTasks(client, async () => {
      const loaded = (await engine).handler;
      return { parse: loaded.parse, respond: (request, signal) => loaded.respondTo(request, signal) };
    });
  }

  const run = createRequestRunner({
    era,
    queue,
    inFlight,
    maxInputRounds: options.maxInputRounds ?? DEFAULT_MAX_INPUT_ROUNDS,
    answer: (entry, signal) => handler.handleEmbedded(entry, signal),
    ...(waiter && {
      urlRetry: (request: RequestRef, signal: AbortSignal) => ({
        server: server(),
        renderer: urlRenderer,
        opener,
        tracker,
        waiter,
        maxRetries: options.maxUrlRetries ?? DEFAULT_URL_RETRIES,
        signal,
        request,
        emit: log.emit,
        onMute: () => queue.mute(label),
      }),
    }),
  });

  return {
    modes,
    events: log.events,
    queue,
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
  };
}
