// Answers one URL-mode `elicitation/create` (spec 2025-11-25 §3.3, §8.1; 2026-07-28 §URL mode).
// Order matters: validate and refuse unsafe URLs first (-32602, nothing shown, nothing opened),
// then ask consent (C-25), then open (C-27), then answer. Called by the adapter's one handler.
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { Era } from '../contracts/protocol.js';
import type { PromptContext, Renderer, UrlPrompt } from '../contracts/renderer.js';
import type { UrlOpener, UrlWaiter } from '../contracts/url-step.js';
import type { UrlOutcome } from '../core/outcome.js';
import { analyzeUrl, type UrlAnalysis } from '../core/url-safety.js';
import type { UrlCompletionTracker } from './url-completion.js';
import { parseUrlParams, type UrlParams } from './url-params.js';

export interface UrlElicitationDeps {
  /** Already serialised by the adapter's prompt queue. */
  readonly renderer: Renderer;
  readonly opener: UrlOpener;
  /** The connection's tracker: 2025 ids become pending here; 2026 remembers opened URLs. */
  readonly tracker?: UrlCompletionTracker;
  readonly era: Era;
  /** Manual controls while waiting (C-14); without one, no waiting state is shown. */
  readonly waiter?: UrlWaiter;
  /** The person asked to cancel every further elicitation from this server (UrlAnswer.muteServer). */
  readonly onMute?: () => void;
  /** Told the analysis of the URL before anything else happens (events and the audit log). */
  readonly onAnalysis?: (analysis: UrlAnalysis) => void;
}

/** How often a failed browser start may be retried from the waiting state. */
const MAX_OPEN_ATTEMPTS = 3;

export async function handleUrlElicitation(
  params: Record<string, unknown>,
  ctx: PromptContext,
  deps: UrlElicitationDeps,
): Promise<UrlOutcome> {
  const { message, url, elicitationId } = validate(params, deps.era);
  const analysis = analyzeUrl(
    url,
    ctx.server.origin === undefined ? {} : { serverOrigin: ctx.server.origin },
  );
  deps.onAnalysis?.(analysis);
  // Edge case 24: a URL that must never reach a browser is refused as invalid params.
  if (!analysis.allowed) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Refused URL-mode elicitation: ${analysis.refusal ?? 'unsafe URL'}`,
    );
  }
  const { tracker, waiter } = deps;
  // Tracked from arrival, so a completion that races the consent prompt still counts (edge case 31).
  if (elicitationId !== undefined && tracker && !tracker.pending(elicitationId)) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Invalid elicitation request: elicitationId ${JSON.stringify(elicitationId).slice(0, 80)} is already in use on this connection (spec S-11)`,
    );
  }
  const forget = () => {
    if (elicitationId !== undefined) tracker?.drop(elicitationId);
  };
  const requestKey = `${ctx.request?.method ?? ''} ${ctx.request?.name ?? ''}`;

  // 2026-07-28: the server learns the outcome only from the retry; asking again for the URL the
  // person already opened means "not finished yet": wait again instead of opening a second tab.
  if (deps.era === 'modern' && waiter && tracker?.takeOpened(requestKey, analysis.href)) {
    const choice = await waiter.wait(
      { server: ctx.server, url: analysis.href, message, reason: 'retry-pending' },
      ctx.signal,
    );
    if (choice === 'cancel') return cancelled(ctx, 'dismissed', 'stopped waiting for the browser step');
    tracker.markOpened(requestKey, analysis.href);
    return { action: 'accept' };
  }

  if (!deps.renderer.url) {
    forget();
    return {
      action: 'cancel',
      reason: 'no-answer',
      detail: `front-end "${deps.renderer.name}" cannot show URL-mode requests`,
    };
  }
  const prompt: UrlPrompt = {
    kind: 'url',
    message,
    url,
    analysis,
    ...(elicitationId !== undefined && { elicitationId }),
  };
  const answer = await deps.renderer.url(prompt, ctx);
  if (answer.muteServer) deps.onMute?.();
  if (answer.outcome.action !== 'accept') {
    forget();
    return answer.outcome;
  }
  // Withdrawn while the person was deciding: open nothing.
  if (ctx.signal.aborted) {
    forget();
    return { action: 'cancel', reason: 'server-cancelled', detail: 'the server withdrew the request' };
  }

  // Consent given (C-25): open what was analysed, never the raw string.
  const opened = await openWithFallback(analysis.href, message, ctx, deps);
  if (opened !== 'opened' && opened !== 'opened-by-hand') {
    forget();
    return opened;
  }
  if (deps.era === 'legacy') {
    // C-15, LibreChat #14141: accept means consent; answer now, completion comes (maybe) later.
    return { action: 'accept' };
  }
  tracker?.markOpened(requestKey, analysis.href);
  if (opened === 'opened-by-hand' || !waiter) return { action: 'accept' };
  const choice = await waiter.wait(
    { server: ctx.server, url: analysis.href, message, reason: 'finish-in-browser' },
    ctx.signal,
  );
  if (choice === 'cancel') {
    tracker?.takeOpened(requestKey, analysis.href);
    return cancelled(ctx, 'dismissed', 'stopped waiting for the browser step');
  }
  return { action: 'accept' };
}

function validate(params: Record<string, unknown>, era: Era): UrlParams {
  const parsed = parseUrlParams(params, era);
  if (!parsed.ok) throw new ProtocolError(ProtocolErrorCode.InvalidParams, parsed.message);
  return parsed.value;
}

type OpenOutcome = 'opened' | 'opened-by-hand' | UrlOutcome;

// If the browser cannot be started, show the URL to copy; cancel only if the person gives up
// (C-16: "browser failed to load" is cancel).
async function openWithFallback(
  href: string,
  message: string,
  ctx: PromptContext,
  deps: UrlElicitationDeps,
): Promise<OpenOutcome> {
  let error = '';
  for (let attempt = 1; attempt <= MAX_OPEN_ATTEMPTS; attempt++) {
    const result = await deps.opener.open(href);
    if (result.ok) return 'opened';
    error = result.error;
    if (!deps.waiter) break;
    const choice = await deps.waiter.wait(
      { server: ctx.server, url: href, message, reason: 'browser-failed' },
      ctx.signal,
    );
    if (choice === 'done') return 'opened-by-hand';
    if (choice === 'cancel') break;
  }
  if (ctx.signal.aborted) return cancelled(ctx, 'browser-failed', error);
  if (!deps.waiter) {
    deps.renderer.notice?.({
      kind: 'info',
      server: ctx.server,
      message: `Could not open the browser: ${error}`,
    });
  }
  return { action: 'cancel', reason: 'browser-failed', detail: error };
}

function cancelled(ctx: PromptContext, reason: 'dismissed' | 'browser-failed', detail: string): UrlOutcome {
  if (ctx.signal.aborted) return { action: 'cancel', reason: 'server-cancelled', detail };
  return { action: 'cancel', reason, detail };
}
