// The one call that gives an SDK Client complete elicitation: declares the capability for the
// enabled modes, registers one `elicitation/create` handler serving both eras, and answers through
// a renderer. Requests made through the returned session also get human-aware timeouts, the
// -32042 retry flow, and (2026-07-28) a driver that gives slow out-of-band steps time.
import {
  type CallToolRequest,
  type CallToolResult,
  type Client,
  type GetPromptRequest,
  type GetPromptResult,
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceRequest,
  type ReadResourceResult,
  type RequestOptions,
} from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';
import type { ElicitationMode, Era } from '../contracts/protocol.js';
import type { Renderer } from '../contracts/renderer.js';
import type { ServerIdentity } from '../contracts/server-identity.js';
import type { UrlOpener, UrlWaiter } from '../contracts/url-step.js';
import { DraftStore } from '../core/draft-store.js';
import { type AuditListener, auditEntry } from './audit.js';
import { type ElicitationEvent, type ElicitationListener, urlFacts } from './events.js';
import { HumanDeadline, NO_SDK_TIMEOUT } from './human-deadline.js';
import { driveInputRequired } from './input-required-driver.js';
import { DEFAULT_PROGRESS_INTERVAL_MS } from './progress-heartbeat.js';
import { PromptQueue } from './prompt-queue.js';
import { queuedUrlRenderer, queuedWaiter } from './queued-url.js';
import { checkElicitRequest, type RequestCheck } from './request-check.js';
import { createResponder } from './respond.js';
import { createSchemaCache } from './schema-cache.js';
import { installElicitationHandler } from './sdk-seam.js';
import { UrlCompletionTracker } from './url-completion.js';

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
  /**
   * Opens consented URL-mode pages (C-27). The package's `attachElicitation` defaults it to `BROWSER`
   * or the system browser; without one the URL is shown for the person to open by hand.
   */
  readonly opener?: UrlOpener;
  /** The waiting state after a URL was opened; default: the renderer's own `waitForUrl`. */
  readonly waiter?: UrlWaiter;
  /** Retries of a request after URL elicitations it required (-32042); default 3. */
  readonly maxUrlRetries?: number;
  /** 2026-07-28: rounds of a request that ask for input, at most; default 10 (as the SDK). */
  readonly maxInputRounds?: number;
  /** Interval of progress notifications while a person answers; 0 disables. */
  readonly progressIntervalMs?: number;
  readonly onEvent?: ElicitationListener;
  /** The audit trail: one entry per elicitation (field names, never values); see `AuditEntry`. */
  readonly audit?: AuditListener;
}

export interface SessionRequestOptions extends Omit<RequestOptions, 'timeout'> {
  /** Time the request may take, NOT counting time spent answering elicitations. Default 60 s. */
  readonly timeoutMs?: number;
}

/** The requests that may carry elicitations (2026-07-28 MRTR: only these three). */
type ElicitingMethod = 'tools/call' | 'prompts/get' | 'resources/read';

export interface ElicitationSession {
  readonly modes: readonly ElicitationMode[];
  /** The most recent elicitations (up to 256), including rejected ones; `onEvent` sees them all. */
  readonly events: readonly ElicitationEvent[];
  readonly queue: PromptQueue;
  callTool(params: CallToolRequest['params'], options?: SessionRequestOptions): Promise<CallToolResult>;
  getPrompt(params: GetPromptRequest['params'], options?: SessionRequestOptions): Promise<GetPromptResult>;
  readResource(
    params: ReadResourceRequest['params'],
    options?: SessionRequestOptions,
  ): Promise<ReadResourceResult>;
}

type Checked = { params: Record<string, unknown>; check: RequestCheck & { ok: true } };

export function attachElicitation(client: Client, options: AttachOptions): ElicitationSession {
  const renderer = options.renderer;
  const identity: ServerIdentity =
    typeof options.server === 'string' ? { label: options.server } : options.server;
  const label = identity.label;
  // URL mode by default only where a person can consent and be waited for.
  const canServeUrl =
    renderer.url !== undefined && (options.waiter !== undefined || renderer.waitForUrl !== undefined);
  const modes = options.modes ?? (canServeUrl && renderer.interactive ? ['form', 'url'] : ['form']);
  if (modes.length === 0)
    throw new ElicitError(
      'invalid-options',
      'attachElicitation: at least one mode must be enabled (spec C-06)',
    );
  const urlMode = modes.includes('url');
  if (urlMode && !renderer.url) {
    throw new ElicitError(
      'invalid-options',
      `attachElicitation: renderer "${renderer.name}" cannot serve URL mode`,
    );
  }
  const waitFor =
    options.waiter ?? (renderer.waitForUrl ? { wait: renderer.waitForUrl.bind(renderer) } : undefined);
  if (urlMode && !waitFor) {
    throw new ElicitError(
      'invalid-options',
      `attachElicitation: URL mode needs a waiter (renderer "${renderer.name}" has no waitForUrl)`,
    );
  }
  const queue = options.queue ?? new PromptQueue();
  const urlRenderer = queuedUrlRenderer(renderer, queue, label);
  const waiter = waitFor && queuedWaiter(waitFor, queue, label);
  const opener = options.opener ?? NO_OPENER;
  const tracker = new UrlCompletionTracker();
  const parseSchema = createSchemaCache();
  const events: ElicitationEvent[] = [];
  const inFlight = new Set<{ method: string; name?: string }>();

  const emit = (event: ElicitationEvent) => {
    // Bounded, so a long-lived session does not grow without end; onEvent sees every event.
    if (events.length >= MAX_KEPT_EVENTS) events.shift();
    events.push(event);
    options.onEvent?.(event);
    if (options.audit) recordAudit(options.audit, event);
  };
  const era = (): Era => (client.getProtocolEra() === 'modern' ? 'modern' : 'legacy');
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
  // A failing audit sink is reported, never turned into a different answer to the server.
  const recordAudit = (audit: AuditListener, event: ElicitationEvent) => {
    try {
      audit(auditEntry(event, server()));
    } catch (error) {
      renderer.notice?.({ kind: 'info', server: server(), message: `Audit trail failed: ${String(error)}` });
    }
  };
  const respond = createResponder({
    label,
    renderer,
    urlRenderer,
    queue,
    drafts: options.drafts ?? new DraftStore(),
    opener,
    tracker,
    waiter,
    progressIntervalMs: options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS,
    emit,
    server,
    era,
    currentRequest: () => (inFlight.size === 1 ? [...inFlight][0] : undefined),
  });

  /** Our check of one elicitation/create; a failure is reported and thrown as -32602. */
  const check = (params: unknown): Checked => {
    const record = isRecord(params) ? params : {};
    const result = checkElicitRequest(params, modes, era(), parseSchema);
    if (!result.ok) {
      reject(record, ProtocolErrorCode.InvalidParams, result.message);
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, result.message);
    }
    return { params: record, check: result };
  };
  const reject = (record: Record<string, unknown>, code: number, message: string) => {
    const mode =
      record.mode === undefined || record.mode === 'form'
        ? 'form'
        : record.mode === 'url'
          ? 'url'
          : 'unknown';
    emit({
      server: label,
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
  const reported = async <T>(record: Record<string, unknown>, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      // Whatever failed (the SDK's own checks, a refused URL, a front-end error) is reported.
      const code = error instanceof ProtocolError ? error.code : ProtocolErrorCode.InternalError;
      reject(record, code, error instanceof Error ? error.message : String(error));
      throw error;
    }
  };

  // C-05/C-07: declare exactly the modes we serve. No `applyDefaults`: defaults are applied here.
  client.registerCapabilities({ elicitation: Object.fromEntries(modes.map((mode) => [mode, {}])) });

  // Our check (above) replaces the SDK's: every result we send is built from a validated outcome.
  installElicitationHandler(client, async (request, ctx) => {
    const checked = check(request.params);
    return reported(checked.params, () => respond(checked.params, checked.check, ctx.mcpReq.signal, ctx));
  });

  if (urlMode) {
    // C-12: unknown or already-completed ids are ignored by the tracker.
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      tracker.complete(notification.params.elicitationId);
    });
  }

  /** One entry of a 2026-07-28 `inputRequests` round, answered by our own driver. */
  const answerEmbedded = async (entry: unknown, _key: string, signal: AbortSignal): Promise<unknown> => {
    const request = isRecord(entry) ? entry : {};
    if (request.method !== 'elicitation/create') {
      // Only elicitation is declared, so a server asking for anything else broke the protocol.
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `The server asked for ${JSON.stringify(String(request.method)).slice(0, 60)}, which this client did not declare`,
      );
    }
    const checked = check(request.params);
    return reported(checked.params, () => respond(checked.params, checked.check, signal));
  };

  const run = async <T>(
    request: { method: ElicitingMethod; name?: string },
    send: (retry: Record<string, unknown> | undefined, options: RequestOptions) => Promise<unknown>,
    requestOptions: SessionRequestOptions = {},
  ): Promise<T> => {
    const { timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS, signal, ...rest } = requestOptions;
    const deadline = new HumanDeadline(timeoutMs, queue.active);
    const stopListening = queue.onActivity((active) => (active ? deadline.pause() : deadline.resume()));
    const entry = { ...request };
    inFlight.add(entry);
    const combined = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
    const sendOptions: RequestOptions = { ...rest, timeout: NO_SDK_TIMEOUT, signal: combined };
    const once = (): Promise<T> =>
      era() === 'modern'
        ? driveInputRequired<T>(send, sendOptions, {
            maxInputRounds: options.maxInputRounds ?? 10,
            answer: answerEmbedded,
          })
        : (send(undefined, sendOptions) as Promise<T>);
    try {
      // Without URL mode a -32042 is an ordinary error (edge case 35): no retry layer needed.
      if (!urlMode || !waiter) return await once();
      return await withUrlRetry(once);
    } catch (error) {
      if (deadline.signal.aborted && deadline.signal.reason instanceof Error) throw deadline.signal.reason;
      throw error;
    } finally {
      inFlight.delete(entry);
      stopListening();
      deadline.dispose();
    }

    async function withUrlRetry(call: () => Promise<T>): Promise<T> {
      let first: unknown;
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof ProtocolError) || error.code !== ProtocolErrorCode.UrlElicitationRequired)
          throw error;
        first = error;
      }
      // -32042 on any request (edge case 33): consent, open, wait, then retry the same request.
      // The retry flow (loaded on first use) starts from the error already received.
      const { withUrlElicitationRetry } = await import('./url-required-retry.js');
      const replayFirst = () => {
        if (first === undefined) return call();
        const error = first;
        first = undefined;
        return Promise.reject(error);
      };
      return withUrlElicitationRetry(replayFirst, {
        server: server(),
        renderer: urlRenderer,
        opener,
        tracker,
        waiter: waiter as UrlWaiter,
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
            server: label,
            mode: 'url',
            message: e.message,
            url: e.url,
            ...(e.analysis && urlFacts(e.analysis)),
            ...(e.action === 'refused'
              ? { error: { code: ProtocolErrorCode.UrlElicitationRequired, message: e.error ?? 'refused' } }
              : { action: e.action }),
            ...(e.action === 'cancel' && e.reason !== undefined && { reason: e.reason }),
          });
        },
      });
    }
  };

  return {
    modes,
    events,
    queue,
    callTool: (params, o) =>
      run(
        { method: 'tools/call', name: params.name },
        (retry, ro) => client.callTool({ ...params, ...retry }, ro),
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

/** No browser to start (a proxy, a test): every URL falls back to being shown to copy. */
const NO_OPENER: UrlOpener = {
  open: async () => ({ ok: false, error: 'no browser opener was configured' }),
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
