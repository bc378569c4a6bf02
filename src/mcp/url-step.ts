// One URL step, the same for an elicitation/create in either era and for each page of a -32042
// error: ask consent (C-25), open the page (C-27) falling back to showing the URL when the browser
// cannot start, then optionally wait until the person says they are done (C-14). Only `accept`
// means the person consented and the page is open (by us or by hand).

import type { PromptContext, Renderer } from '../contracts/renderer.js';
import type { UrlOpener, UrlWaiter } from '../contracts/url-step.js';
import { cancelOutcome, consentOutcome } from '../core/choice-outcome.js';
import type { UrlOutcome } from '../core/outcome.js';
import { endingOutcome, withdrawnEnding, withdrawnOutcome } from '../core/prompt-ending.js';
import type { UrlAnalysis } from '../core/url-safety.js';

/** How often a browser that failed to start may be tried again from the waiting state. */
export const MAX_OPEN_ATTEMPTS = 3;

export interface UrlStepDeps {
  /** Already serialised by the adapter's prompt queue. */
  readonly renderer: Renderer;
  readonly opener: UrlOpener;
  /** Manual controls (C-14); without one a failed browser start is final and nothing is waited for. */
  readonly waiter?: UrlWaiter;
  /** The person asked to cancel every further elicitation from this server. */
  readonly onMute?: () => void;
}

export interface UrlStep {
  readonly message: string;
  /** As sent, for the consent prompt; `analysis.href` is what is opened. */
  readonly url: string;
  readonly analysis: UrlAnalysis;
  readonly elicitationId?: string;
  /** After opening, wait for the person's "done" (2026-07-28: the retry must not come early). */
  readonly waitUntilDone: boolean;
}

/** Where a step that did not end in `accept` stopped. */
export type UrlStepStage = 'consent' | 'open' | 'wait';

export interface UrlStepResult {
  readonly outcome: UrlOutcome;
  readonly stage: UrlStepStage;
}

export async function runUrlStep(
  step: UrlStep,
  ctx: PromptContext,
  deps: UrlStepDeps,
): Promise<UrlStepResult> {
  const { renderer, waiter } = deps;
  if (!renderer.url) {
    const detail = `front-end "${renderer.name}" cannot show URL-mode requests`;
    return { stage: 'consent', outcome: cancelOutcome('no-answer', detail) };
  }
  const { message, url, analysis, elicitationId } = step;
  const answer = await renderer.url(
    { kind: 'url', message, url, analysis, ...(elicitationId !== undefined && { elicitationId }) },
    ctx,
  );
  if (answer.muteServer) deps.onMute?.();
  if (answer.outcome.action !== 'accept') return { stage: 'consent', outcome: answer.outcome };
  // Withdrawn while the person was deciding: open nothing.
  if (ctx.signal.aborted) {
    const { reason, detail } = endingOutcome(withdrawnEnding(ctx.signal));
    return { stage: 'consent', outcome: cancelOutcome(reason, detail) };
  }
  // Consent given (C-25): open what was analysed, never the raw string.
  const opened = await openWithFallback(analysis.href, message, ctx, deps);
  if (opened !== 'opened' && opened !== 'opened-by-hand') return { stage: 'open', outcome: opened };
  if (!step.waitUntilDone || opened === 'opened-by-hand' || !waiter) {
    return { stage: 'wait', outcome: consentOutcome() };
  }
  const choice = await waiter.wait(
    { server: ctx.server, url: analysis.href, message, reason: 'finish-in-browser' },
    ctx.signal,
  );
  if (choice === 'cancel') {
    return { stage: 'wait', outcome: cancelled(ctx, 'dismissed', 'stopped waiting for the browser step') };
  }
  return { stage: 'wait', outcome: consentOutcome() };
}

// If the browser cannot be started, show the URL to copy; cancel only if the person gives up
// (C-16: "browser failed to load" is cancel).
async function openWithFallback(
  href: string,
  message: string,
  ctx: PromptContext,
  deps: UrlStepDeps,
): Promise<'opened' | 'opened-by-hand' | UrlOutcome> {
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
      message: `Could not open the browser (${error}). Open this address by hand: ${href}`,
    });
  }
  return cancelOutcome('browser-failed', error);
}

/** A cancel while the request was being withdrawn is reported as the withdrawal (the server's, the connection's). */
export function cancelled(
  ctx: PromptContext,
  reason: 'dismissed' | 'browser-failed',
  detail: string,
): UrlOutcome {
  return cancelOutcome(ctx.signal.aborted ? withdrawnOutcome(ctx.signal).reason : reason, detail);
}
