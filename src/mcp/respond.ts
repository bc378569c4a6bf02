// Answers one parsed elicitation/create (form or URL mode) and builds the wire result. Shared by
// the SDK-dispatched handler (2025 requests, 2026 entries the SDK drives) and our own 2026 driver.
import type { ClientContext, Result } from '@modelcontextprotocol/client';
import type { Era } from '../contracts/protocol.js';
import type { HostRefusal, PromptContext, Renderer } from '../contracts/renderer.js';
import type { ServerIdentity } from '../contracts/server-identity.js';
import type { UrlOpener, UrlWaiter } from '../contracts/url-step.js';
import type { DraftStore } from '../core/draft-store.js';
import type { ElicitOutcome } from '../core/outcome.js';
import { toElicitResult } from '../core/result.js';
import { maskSensitive } from '../core/sensitive.js';
import { type ElicitationEvent, urlFacts } from './events.js';
import { answerForm } from './form-elicitation.js';
import type { ElicitRequest, FormRequest, RequestMeta, UrlRequest } from './incoming-request.js';
import { startProgressHeartbeat } from './progress-heartbeat.js';
import type { PromptQueue } from './prompt-queue.js';
import type { UrlCompletionTracker } from './url-completion.js';

const RELATED_TASK = 'io.modelcontextprotocol/related-task';

export interface ResponderDeps {
  readonly label: string;
  readonly renderer: Renderer;
  /** The renderer with URL consent routed through the queue. */
  readonly urlRenderer: Renderer;
  readonly queue: PromptQueue;
  readonly drafts: DraftStore;
  readonly opener: UrlOpener;
  readonly tracker: UrlCompletionTracker;
  /** Present exactly when URL mode is served. */
  readonly waiter: UrlWaiter | undefined;
  readonly progressIntervalMs: number;
  readonly emit: (event: ElicitationEvent) => void;
  readonly server: () => ServerIdentity;
  readonly era: () => Era;
  /** The request this elicitation belongs to, when it can be told. */
  readonly currentRequest: () => { method: string; name?: string } | undefined;
}

export type Responder = (
  request: ElicitRequest,
  signal: AbortSignal,
  /** The SDK handler context, for progress notifications on 2025 requests. */
  ctx?: ClientContext,
) => Promise<Result>;

export function createResponder(deps: ResponderDeps): Responder {
  return async (request, signal, ctx) => {
    const token = ctx?.mcpReq._meta?.progressToken ?? request.meta.progressToken;
    const stopHeartbeat =
      ctx && deps.era() === '2025-11-25'
        ? startProgressHeartbeat(ctx, token, deps.progressIntervalMs)
        : undefined;
    const noted: Noted = {};
    const context: Context = (waiting) => {
      const current = deps.currentRequest();
      return {
        server: deps.server(),
        era: deps.era(),
        signal,
        hostRefused: (refusal) => {
          noted.hostRefusal = refusal;
        },
        get waiting() {
          return waiting();
        },
        ...(current && { request: current }),
      };
    };
    try {
      const outcome =
        request.mode === 'url'
          ? await answerUrl(request, context, deps, noted)
          : await answerFormRequest(request, context, signal, deps, noted);
      return withRelatedTask({ ...toElicitResult(outcome) }, request.meta);
    } finally {
      stopHeartbeat?.();
    }
  };
}

type Context = (waiting: () => number) => PromptContext;

/** What a front-end noted while answering (the proxy's set-aside host refusal), for the event. */
interface Noted {
  hostRefusal?: HostRefusal;
}

async function answerFormRequest(
  request: FormRequest,
  context: Context,
  signal: AbortSignal,
  deps: ResponderDeps,
  noted: Noted,
): Promise<ElicitOutcome> {
  const { outcome } = await answerForm(request, context, signal, deps);
  if (outcome.action === 'cancel' && outcome.reason === 'server-cancelled' && signal.aborted) {
    deps.renderer.notice?.({
      kind: 'server-cancelled',
      server: deps.server(),
      message: 'The server withdrew this request.',
    });
  }
  deps.emit({
    server: deps.label,
    mode: 'form',
    message: request.message,
    fields: request.model.fields.map((field) => field.name),
    action: outcome.action,
    // A report never holds a secret: what the server got is in the result, not in the event.
    ...(outcome.action === 'accept' && { content: maskSensitive(request.model.fields, outcome.content) }),
    ...(outcome.action === 'cancel' && { reason: outcome.reason }),
    ...(noted.hostRefusal && { hostRefusal: noted.hostRefusal }),
  });
  return outcome;
}

async function answerUrl(
  request: UrlRequest,
  context: Context,
  deps: ResponderDeps,
  noted: Noted,
): Promise<ElicitOutcome> {
  // Loaded on first use: URL analysis brings the public suffix list and IDN tables.
  const { handleUrlElicitation } = await import('./url-elicitation.js');
  let facts: ReturnType<typeof urlFacts> = {};
  const outcome = await handleUrlElicitation(
    request,
    context(() => deps.queue.waiting),
    {
      renderer: deps.urlRenderer,
      opener: deps.opener,
      tracker: deps.tracker,
      era: deps.era(),
      ...(deps.waiter && { waiter: deps.waiter }),
      onMute: () => deps.queue.mute(deps.label),
      onAnalysis: (analysis) => {
        facts = urlFacts(analysis);
      },
    },
  );
  deps.emit({
    server: deps.label,
    mode: 'url',
    message: request.message,
    url: request.url,
    ...facts,
    action: outcome.action,
    ...(outcome.action === 'cancel' && { reason: outcome.reason }),
    ...(noted.hostRefusal && { hostRefusal: noted.hostRefusal }),
  });
  return outcome;
}

// §2.9b: an elicitation tied to a task echoes the related-task metadata.
function withRelatedTask(result: Result, meta: RequestMeta): Result {
  if (meta.relatedTask !== undefined) result._meta = { [RELATED_TASK]: meta.relatedTask };
  return result;
}
