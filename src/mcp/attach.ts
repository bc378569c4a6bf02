// The one call that gives an SDK Client complete elicitation: declares the capability for the
// enabled modes, registers one `elicitation/create` handler serving both eras (the SDK routes
// 2026-07-28 `input_required` entries through the same handler), and answers through a renderer.
import {
  type CallToolRequest,
  type CallToolResult,
  type Client,
  type ClientContext,
  type GetPromptRequest,
  type GetPromptResult,
  type JSONRPCRequest,
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceRequest,
  type ReadResourceResult,
  type RequestOptions,
  type Result,
} from '@modelcontextprotocol/client';
import { DraftStore } from '../core/draft-store.js';
import { toElicitResult } from '../core/result.js';
import { createSystemOpener, type UrlOpener } from '../frontends/open-url.js';
import type { PromptContext, Renderer, ServerIdentity, UrlAnswer } from '../frontends/renderer.js';
import type { UrlWaiter } from '../frontends/url-wait/url-waiter.js';
import type { ElicitationEvent, ElicitationListener } from './events.js';
import { answerForm } from './form-elicitation.js';
import { HumanDeadline, NO_SDK_TIMEOUT } from './human-deadline.js';
import { DEFAULT_PROGRESS_INTERVAL_MS, startProgressHeartbeat } from './progress-heartbeat.js';
import { PromptQueue } from './prompt-queue.js';
import { checkElicitRequest, type ElicitationMode, type RequestCheck } from './request-check.js';
import { createSchemaCache } from './schema-cache.js';
import { UrlCompletionTracker } from './url-completion.js';

const RELATED_TASK = 'io.modelcontextprotocol/related-task';
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** How many recent events `session.events` keeps. */
export const MAX_KEPT_EVENTS = 256;

export interface AttachOptions {
  /** The front-end that asks the person (or answers for a script). */
  readonly renderer: Renderer;
  /** How this server is named to the person: the label the user configured. */
  readonly server: string | ServerIdentity;
  /** Modes to declare. Default: form, plus url when the renderer can ask for consent. */
  readonly modes?: readonly ElicitationMode[];
  /** Share one queue between sessions so prompts from several servers appear one at a time. */
  readonly queue?: PromptQueue;
  /** Share one draft store so typed values survive interrupted prompts (per server label). */
  readonly drafts?: DraftStore;
  /** Opens consented URL-mode pages; default: `BROWSER` or the system browser (C-27). */
  readonly opener?: UrlOpener;
  /** The waiting state after a URL was opened; default: the renderer's own `waitForUrl`. */
  readonly waiter?: UrlWaiter;
  /** Retries of a request after URL elicitations it required (-32042); default 3. */
  readonly maxUrlRetries?: number;
  /** Interval of progress notifications while a person answers; 0 disables. */
  readonly progressIntervalMs?: number;
  readonly onEvent?: ElicitationListener;
}

export interface SessionRequestOptions extends Omit<RequestOptions, 'timeout'> {
  /** Time the request may take, NOT counting time spent answering elicitations. Default 60 s. */
  readonly timeoutMs?: number;
}

export interface ElicitationSession {
  readonly modes: readonly ElicitationMode[];
  /** The most recent elicitations the server attempted (up to 256), in order, including rejected ones; use `onEvent` to see them all. */
  readonly events: readonly ElicitationEvent[];
  readonly queue: PromptQueue;
  callTool(params: CallToolRequest['params'], options?: SessionRequestOptions): Promise<CallToolResult>;
  getPrompt(params: GetPromptRequest['params'], options?: SessionRequestOptions): Promise<GetPromptResult>;
  readResource(
    params: ReadResourceRequest['params'],
    options?: SessionRequestOptions,
  ): Promise<ReadResourceResult>;
  /** Runs any request with human-aware timeouts and request attribution. */
  run<T>(
    request: { method: string; name?: string },
    send: (options: RequestOptions) => Promise<T>,
    options?: SessionRequestOptions,
  ): Promise<T>;
}

type Handler = (request: JSONRPCRequest, ctx: ClientContext) => Promise<Result>;
interface WrappableClient {
  _wrapHandler(method: string, handler: Handler): Handler;
}

export function attachElicitation(client: Client, options: AttachOptions): ElicitationSession {
  const renderer = options.renderer;
  const identity: ServerIdentity =
    typeof options.server === 'string' ? { label: options.server } : options.server;
  const modes = options.modes ?? (renderer.url && renderer.interactive ? ['form', 'url'] : ['form']);
  if (modes.length === 0)
    throw new TypeError('attachElicitation: at least one mode must be enabled (spec C-06)');
  if (modes.includes('url') && !renderer.url) {
    throw new TypeError(`attachElicitation: renderer "${renderer.name}" cannot serve URL mode`);
  }
  const queue = options.queue ?? new PromptQueue();
  const parseSchema = createSchemaCache();
  const urlMode = modes.includes('url');
  const opener = options.opener ?? createSystemOpener();
  const tracker = new UrlCompletionTracker();
  const waitFor =
    options.waiter ?? (renderer.waitForUrl ? { wait: renderer.waitForUrl.bind(renderer) } : undefined);
  if (urlMode && !waitFor) {
    throw new TypeError(
      `attachElicitation: URL mode needs a waiter (renderer "${renderer.name}" has no waitForUrl)`,
    );
  }
  // URL consent and waiting go through the same queue as forms: one prompt on screen at a time.
  const skippedUrl = (reason: 'muted' | 'rate-limited' | 'aborted'): UrlAnswer => ({
    outcome: { action: 'cancel', reason: reason === 'aborted' ? 'server-cancelled' : 'muted' },
  });
  const urlRenderer: Renderer = {
    name: renderer.name,
    interactive: renderer.interactive,
    form: (prompt, ctx) => renderer.form(prompt, ctx),
    ...(renderer.url && {
      url: (prompt, ctx) =>
        queue.run(
          identity.label,
          ctx.signal,
          () => renderer.url?.(prompt, ctx) ?? Promise.resolve(skippedUrl('aborted')),
          skippedUrl,
        ),
    }),
  };
  const waiter: UrlWaiter | undefined = waitFor && {
    wait: (info, signal) =>
      queue.run(
        identity.label,
        signal,
        () => waitFor.wait(info, signal),
        () => 'cancel' as const,
      ),
  };
  const drafts = options.drafts ?? new DraftStore();
  const progressInterval = options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS;
  const events: ElicitationEvent[] = [];
  const inFlight = new Set<{ method: string; name?: string }>();
  /** What our check learned about each request, keyed by the handler context the SDK passes through. */
  const checked = new WeakMap<
    object,
    { params: Record<string, unknown>; check: RequestCheck & { ok: true } }
  >();

  const emit = (event: ElicitationEvent) => {
    // Bounded, so a long-lived session does not grow without end; onEvent sees every event.
    if (events.length >= MAX_KEPT_EVENTS) events.shift();
    events.push(event);
    options.onEvent?.(event);
  };
  const era = (): 'legacy' | 'modern' => (client.getProtocolEra() === 'modern' ? 'modern' : 'legacy');
  // The server's self-description is known once connected; built once per server info object.
  let described: { info: unknown; identity: ServerIdentity } | undefined;
  const server = (): ServerIdentity => {
    const info = client.getServerVersion();
    if (described !== undefined && described.info === info) return described.identity;
    const full: ServerIdentity = {
      ...identity,
      ...(info?.name !== undefined && identity.selfName === undefined && { selfName: info.name }),
      ...(info?.version !== undefined && identity.selfVersion === undefined && { selfVersion: info.version }),
    };
    described = { info, identity: full };
    return full;
  };

  // C-05/C-07: declare exactly the modes we serve. No `applyDefaults`: defaults are applied here.
  client.registerCapabilities({
    elicitation: Object.fromEntries(modes.map((mode) => [mode, {}])),
  });

  // Run our request check before the SDK's wire validation (see request-check.ts), and record
  // every attempt, including rejected ones, as an event. `_wrapHandler` is the SDK's documented
  // hook for wrapping registered handlers; it must be in place before setRequestHandler.
  const wrappable = client as unknown as WrappableClient;
  const sdkWrap = wrappable._wrapHandler.bind(client);
  wrappable._wrapHandler = (method, handler) => {
    const inner = sdkWrap(method, handler);
    if (method !== 'elicitation/create') return inner;
    return async (request, ctx) => {
      const params = (request.params ?? undefined) as unknown;
      const record = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
      const check = checkElicitRequest(params, modes, era(), parseSchema);
      if (!check.ok) {
        reject(record, ProtocolErrorCode.InvalidParams, check.message);
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, check.message);
      }
      checked.set(ctx, { params: record, check });
      try {
        return await inner(request, ctx);
      } catch (error) {
        // Whatever failed (the SDK's own checks, a refused URL, a front-end error) is reported.
        const code = error instanceof ProtocolError ? error.code : ProtocolErrorCode.InternalError;
        reject(record, code, error instanceof Error ? error.message : String(error));
        throw error;
      } finally {
        checked.delete(ctx);
      }
    };
  };

  const reject = (record: Record<string, unknown>, code: number, message: string) => {
    const mode =
      record.mode === undefined || record.mode === 'form'
        ? 'form'
        : record.mode === 'url'
          ? 'url'
          : 'unknown';
    emit({
      server: identity.label,
      mode,
      message: typeof record.message === 'string' ? record.message : '',
      ...(typeof record.url === 'string' && { url: record.url }),
      error: { code, message },
    });
    renderer.notice?.({
      kind: 'rejected',
      server: server(),
      message: `Rejected a malformed elicitation: ${message}`,
    });
  };

  client.setRequestHandler('elicitation/create', async (_request, ctx) => {
    const entry = checked.get(ctx);
    if (!entry)
      throw new ProtocolError(ProtocolErrorCode.InternalError, 'elicitation request was not checked');
    const { params, check } = entry;
    const signal = ctx.mcpReq.signal;
    const meta = (params._meta ?? {}) as Record<string, unknown>;
    const token = ctx.mcpReq._meta?.progressToken ?? (meta.progressToken as string | number | undefined);
    const stopHeartbeat = startProgressHeartbeat(
      ctx,
      era() === 'legacy' ? token : undefined,
      progressInterval,
    );
    const context = (waiting: () => number): PromptContext => {
      const request = inFlight.size === 1 ? [...inFlight][0] : undefined;
      return {
        server: server(),
        era: era(),
        signal,
        get waiting() {
          return waiting();
        },
        ...(request && { request }),
      };
    };
    try {
      if (check.mode === 'url') {
        if (!waiter) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'URL mode is not enabled');
        // Loaded on first use: URL analysis brings the public suffix list and IDN tables.
        const { handleUrlElicitation } = await import('./url-elicitation.js');
        const outcome = await handleUrlElicitation(
          params,
          context(() => queue.waiting),
          {
            renderer: urlRenderer,
            opener,
            tracker,
            era: era(),
            waiter,
            onMute: () => queue.mute(identity.label),
          },
        );
        emit({
          server: identity.label,
          mode: 'url',
          message: typeof params.message === 'string' ? params.message : '',
          ...(typeof params.url === 'string' && { url: params.url }),
          action: outcome.action,
          ...(outcome.action === 'cancel' && { reason: outcome.reason }),
        });
        return withRelatedTask({ ...toElicitResult(outcome) }, meta) as never;
      }
      const run = await answerForm(check.form, context, signal, { renderer, queue, drafts });
      const outcome = run.outcome;
      if (outcome.action === 'cancel' && outcome.reason === 'server-cancelled' && signal.aborted) {
        renderer.notice?.({
          kind: 'server-cancelled',
          server: server(),
          message: 'The server withdrew this request.',
        });
      }
      emit({
        server: identity.label,
        mode: 'form',
        message: run.message,
        action: outcome.action,
        ...(outcome.action === 'accept' && { content: outcome.content }),
        ...(outcome.action === 'cancel' && { reason: outcome.reason }),
      });
      return withRelatedTask({ ...toElicitResult(outcome) }, meta) as never;
    } finally {
      stopHeartbeat();
    }
  });

  if (urlMode) {
    // C-12: unknown or already-completed ids are ignored by the tracker.
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      tracker.complete(notification.params.elicitationId);
    });
  }

  const run = async <T>(
    request: { method: string; name?: string },
    send: (options: RequestOptions) => Promise<T>,
    requestOptions: SessionRequestOptions = {},
  ): Promise<T> => {
    const { timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS, signal, ...rest } = requestOptions;
    const deadline = new HumanDeadline(timeoutMs, queue.active);
    const stopListening = queue.onActivity((active) => (active ? deadline.pause() : deadline.resume()));
    const entry = { ...request };
    inFlight.add(entry);
    const combined = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
    const once = () => send({ ...rest, timeout: NO_SDK_TIMEOUT, signal: combined });
    try {
      // Without URL mode a -32042 is an ordinary error (edge case 35): no retry layer needed.
      if (!urlMode || !waiter) return await once();
      let first: unknown;
      try {
        return await once();
      } catch (error) {
        if (!(error instanceof ProtocolError) || error.code !== ProtocolErrorCode.UrlElicitationRequired)
          throw error;
        first = error;
      }
      // -32042 on any request (edge case 33): consent, open, wait, then retry the same request.
      // The retry flow (loaded on first use) starts from the error already received.
      const { withUrlElicitationRetry } = await import('./url-required-retry.js');
      const replayFirst = () => {
        if (first === undefined) return once();
        const error = first;
        first = undefined;
        return Promise.reject(error);
      };
      return await withUrlElicitationRetry(replayFirst, {
        server: server(),
        renderer: urlRenderer,
        opener,
        tracker,
        waiter,
        urlModeDeclared: urlMode,
        maxRetries: options.maxUrlRetries ?? 3,
        signal: combined,
        request,
        onEvent: (e) => {
          if (
            e.action !== 'accept' &&
            e.action !== 'decline' &&
            e.action !== 'cancel' &&
            e.action !== 'refused'
          )
            return;
          emit({
            server: identity.label,
            mode: 'url',
            message: e.message,
            url: e.url,
            ...(e.action === 'refused'
              ? { error: { code: ProtocolErrorCode.UrlElicitationRequired, message: e.error ?? 'refused' } }
              : { action: e.action }),
          });
        },
      });
    } catch (error) {
      if (deadline.signal.aborted && deadline.signal.reason instanceof Error) throw deadline.signal.reason;
      throw error;
    } finally {
      inFlight.delete(entry);
      stopListening();
      deadline.dispose();
    }
  };

  return {
    modes,
    events,
    queue,
    run,
    callTool: (params, o) =>
      run(
        { method: 'tools/call', name: params.name },
        (ro) => client.callTool(params, ro) as Promise<CallToolResult>,
        o,
      ),
    getPrompt: (params, o) =>
      run({ method: 'prompts/get', name: params.name }, (ro) => client.getPrompt(params, ro), o),
    readResource: (params, o) =>
      run({ method: 'resources/read', name: params.uri }, (ro) => client.readResource(params, ro), o),
  };
}

// §2.9b: an elicitation tied to a task echoes the related-task metadata.
function withRelatedTask(result: Result, meta: Record<string, unknown>): Result {
  if (meta[RELATED_TASK] !== undefined) result._meta = { [RELATED_TASK]: meta[RELATED_TASK] };
  return result;
}
