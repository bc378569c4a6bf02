// Answers one checked elicitation/create (form or URL mode) and builds the wire result. Shared by
// the SDK-dispatched handler (2025 requests, 2026 entries the SDK drives) and our own 2026 driver.
import type { ClientContext, ProgressToken, Result } from '@modelcontextprotocol/client';
import type { Era } from '../contracts/protocol.js';
import type { PromptContext, Renderer } from '../contracts/renderer.js';
import type { ServerIdentity } from '../contracts/server-identity.js';
import type { UrlOpener, UrlWaiter } from '../contracts/url-step.js';
import type { DraftStore } from '../core/draft-store.js';
import { toElicitResult } from '../core/result.js';
import { type ElicitationEvent, urlFacts } from './events.js';
import { answerForm } from './form-elicitation.js';
import { startProgressHeartbeat } from './progress-heartbeat.js';
import type { PromptQueue } from './prompt-queue.js';
import type { RequestCheck } from './request-check.js';
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
  readonly waiter: UrlWaiter | undefined;
  readonly progressIntervalMs: number;
  readonly emit: (event: ElicitationEvent) => void;
  readonly server: () => ServerIdentity;
  readonly era: () => Era;
  /** The request this elicitation belongs to, when it can be told. */
  readonly currentRequest: () => { method: string; name?: string } | undefined;
}

export type Responder = (
  params: Record<string, unknown>,
  check: RequestCheck & { ok: true },
  signal: AbortSignal,
  /** The SDK handler context, for progress notifications on 2025 requests. */
  ctx?: ClientContext,
) => Promise<Result>;

export function createResponder(deps: ResponderDeps): Responder {
  return async (params, check, signal, ctx) => {
    const meta = (params._meta ?? {}) as Record<string, unknown>;
    const token = ctx?.mcpReq._meta?.progressToken ?? (meta.progressToken as ProgressToken | undefined);
    const stopHeartbeat =
      ctx && deps.era() === 'legacy'
        ? startProgressHeartbeat(ctx, token, deps.progressIntervalMs)
        : undefined;
    const context = (waiting: () => number): PromptContext => {
      const request = deps.currentRequest();
      return {
        server: deps.server(),
        era: deps.era(),
        signal,
        get waiting() {
          return waiting();
        },
        ...(request && { request }),
      };
    };
    try {
      if (check.mode === 'url') {
        if (!deps.waiter) throw new Error('URL mode is not enabled');
        // Loaded on first use: URL analysis brings the public suffix list and IDN tables.
        const { handleUrlElicitation } = await import('./url-elicitation.js');
        let facts: ReturnType<typeof urlFacts> = {};
        const outcome = await handleUrlElicitation(
          params,
          context(() => deps.queue.waiting),
          {
            renderer: deps.urlRenderer,
            opener: deps.opener,
            tracker: deps.tracker,
            era: deps.era(),
            waiter: deps.waiter,
            onMute: () => deps.queue.mute(deps.label),
            onAnalysis: (analysis) => {
              facts = urlFacts(analysis);
            },
          },
        );
        deps.emit({
          server: deps.label,
          mode: 'url',
          message: typeof params.message === 'string' ? params.message : '',
          ...(typeof params.url === 'string' && { url: params.url }),
          ...facts,
          action: outcome.action,
          ...(outcome.action === 'cancel' && { reason: outcome.reason }),
        });
        return withRelatedTask({ ...toElicitResult(outcome) }, meta);
      }
      const run = await answerForm(check.form, context, signal, deps);
      const outcome = run.outcome;
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
        message: run.message,
        action: outcome.action,
        ...(outcome.action === 'accept' && { content: outcome.content }),
        ...(outcome.action === 'cancel' && { reason: outcome.reason }),
      });
      return withRelatedTask({ ...toElicitResult(outcome) }, meta);
    } finally {
      stopHeartbeat?.();
    }
  };
}

// §2.9b: an elicitation tied to a task echoes the related-task metadata.
function withRelatedTask(result: Result, meta: Record<string, unknown>): Result {
  if (meta[RELATED_TASK] !== undefined) result._meta = { [RELATED_TASK]: meta[RELATED_TASK] };
  return result;
}
