// Answers one URL-mode `elicitation/create` (spec 2025-11-25 §3.3, §8.1; 2026-07-28 §URL mode).
// Order matters: refuse unsafe URLs first (-32602, nothing shown, nothing opened), then the URL
// step (consent, open, and on 2026-07-28 wait for "done"), then answer.

import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { Era } from '../contracts/protocol.js';
import type { PromptContext } from '../contracts/renderer.js';
import { consentOutcome } from '../core/choice-outcome.js';
import type { UrlOutcome } from '../core/outcome.js';
import { analyzeUrl, type UrlAnalysis } from '../core/url-safety.js';
import type { UrlRequest } from './incoming-request.js';
import type { UrlCompletionTracker } from './url-completion.js';
import { cancelled, runUrlStep, type UrlStepDeps } from './url-step.js';

export interface UrlElicitationDeps extends UrlStepDeps {
  /** The connection's tracker: 2025 ids become pending here; 2026 remembers opened URLs. */
  readonly tracker?: UrlCompletionTracker;
  readonly era: Era;
  /** Told the analysis of the URL before anything else happens (events and the audit trail). */
  readonly onAnalysis?: (analysis: UrlAnalysis) => void;
}

export async function handleUrlElicitation(
  request: UrlRequest,
  ctx: PromptContext,
  deps: UrlElicitationDeps,
): Promise<UrlOutcome> {
  const { message, url, elicitationId } = request;
  const analysis = analyzeUrl(
    url,
    ctx.server.origin === undefined ? {} : { serverOrigin: ctx.server.origin },
  );
  deps.onAnalysis?.(analysis);
  // E-24: a URL that must never reach a browser is refused as invalid params.
  if (!analysis.allowed) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Refused URL-mode elicitation: ${analysis.refusal ?? 'unsafe URL'}`,
    );
  }
  const { tracker, waiter } = deps;
  // Tracked from arrival, so a completion that races the consent prompt still counts (E-31).
  if (elicitationId !== undefined && tracker && !tracker.pending(elicitationId)) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Invalid elicitation request: elicitationId ${JSON.stringify(elicitationId).slice(0, 80)} is already in use on this connection`, // S-11
    );
  }
  const requestKey = `${ctx.request?.method ?? ''} ${ctx.request?.name ?? ''}`;

  // 2026-07-28: the server learns the outcome only from the retry; asking again for the URL the
  // person already opened means "not finished yet": wait again instead of opening a second tab.
  if (deps.era === '2026-07-28' && waiter && tracker?.takeOpened(requestKey, analysis.href)) {
    const choice = await waiter.wait(
      { server: ctx.server, url: analysis.href, message, reason: 'retry-pending' },
      ctx.signal,
    );
    if (choice === 'cancel') return cancelled(ctx, 'dismissed', 'stopped waiting for the browser step');
    tracker.markOpened(requestKey, analysis.href);
    return consentOutcome();
  }

  const { outcome } = await runUrlStep(
    // C-15, LibreChat #14141: on 2025-11-25 accept means consent; completion comes (maybe) later.
    {
      message,
      url,
      analysis,
      waitUntilDone: deps.era === '2026-07-28',
      ...(elicitationId !== undefined && { elicitationId }),
    },
    ctx,
    deps,
  );
  if (outcome.action !== 'accept') {
    if (elicitationId !== undefined) tracker?.drop(elicitationId);
  } else if (deps.era === '2026-07-28') {
    tracker?.markOpened(requestKey, analysis.href);
  }
  return outcome;
}
