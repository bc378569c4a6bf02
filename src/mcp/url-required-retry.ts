// The 2025-11-25 `URLElicitationRequiredError` (-32042) path (spec §3.5, C-13, C-14, C-33, edge
// cases 33-37): any request may fail with a list of URL elicitations that must be completed first.
// Each is shown with the same consent and safety analysis as `elicitation/create` (nothing is sent
// back: it was an error, not a request), then the original request is retried once they completed
// (notification) or the person says so. The SDK does none of this (2026 digest §2.5).
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { PromptContext, Renderer } from '../contracts/renderer.js';
import type { ServerIdentity } from '../contracts/server-identity.js';
import type { UrlOpener, UrlWaitChoice, UrlWaiter } from '../contracts/url-step.js';
import type { CancelReason } from '../core/outcome.js';
import { analyzeUrl, type UrlAnalysis } from '../core/url-safety.js';
import type { UrlCompletionTracker } from './url-completion.js';

export interface UrlRetryEvent {
  readonly mode: 'url';
  readonly message: string;
  readonly url: string;
  /** accept | decline | cancel | refused | ignored | completed | repeated */
  readonly action: string;
  readonly error?: string;
  /** Why a `cancel` happened. */
  readonly reason?: CancelReason;
  /** The URL's analysis, when it got that far. */
  readonly analysis?: UrlAnalysis;
}

type Emit = (
  p: { message: string; url: string; analysis?: UrlAnalysis },
  action: string,
  error?: string,
  reason?: CancelReason,
) => void;

export interface UrlRetryDeps {
  readonly server: ServerIdentity;
  readonly renderer: Renderer;
  readonly opener: UrlOpener;
  readonly tracker: UrlCompletionTracker;
  readonly waiter: UrlWaiter;
  /** Whether `url` was declared in the elicitation capability (edge case 35). */
  readonly urlModeDeclared: boolean;
  /** Retries of the original call after -32042; default 3 (edge case 37). */
  readonly maxRetries?: number;
  readonly signal?: AbortSignal;
  /** The request being retried, for the consent prompt's context. */
  readonly request?: { readonly method: string; readonly name?: string };
  readonly onEvent?: (event: UrlRetryEvent) => void;
}

export type UrlFlowErrorCode = 'declined' | 'cancelled' | 'refused' | 'repeated-url' | 'retries-exhausted';

/** A -32042 flow that ended without the original request succeeding. Local; never sent. */
export class UrlFlowError extends Error {
  readonly code: UrlFlowErrorCode;

  constructor(code: UrlFlowErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UrlFlowError';
    this.code = code;
  }
}

interface Prerequisite {
  readonly message: string;
  readonly url: string;
  readonly href: string;
  readonly elicitationId: string;
  readonly analysis: UrlAnalysis;
}

const MAX_OPEN_ATTEMPTS = 3;

export async function withUrlElicitationRetry<T>(call: () => Promise<T>, deps: UrlRetryDeps): Promise<T> {
  const maxRetries = deps.maxRetries ?? 3;
  const emit: Emit = (p, action, error, reason) =>
    deps.onEvent?.({
      mode: 'url',
      message: p.message,
      url: p.url,
      action,
      ...(error !== undefined && { error }),
      ...(reason !== undefined && { reason }),
      ...(p.analysis !== undefined && { analysis: p.analysis }),
    });
  // href → how sure we are it was completed: 1 = the person said done, 2 = notification.
  const completed = new Map<string, number>();
  const opened = new Set<string>();

  for (let attempt = 0; ; attempt++) {
    let failure: ProtocolError;
    try {
      return await call();
    } catch (error) {
      if (!isUrlElicitationRequired(error)) throw error;
      failure = error;
    }
    // Edge case 35: without URL mode this is an ordinary error; nothing is shown or opened.
    if (!deps.urlModeDeclared) throw failure;
    const prerequisites = parsePrerequisites(failure, deps, emit);
    // Edge case 34: nothing usable left → surface the server's error as it is.
    if (prerequisites.length === 0) throw failure;
    if (attempt >= maxRetries) {
      throw new UrlFlowError(
        'retries-exhausted',
        `The server still requires a browser step after ${maxRetries} retries: ${failure.message}`,
        { cause: failure },
      );
    }
    for (const p of prerequisites) {
      if ((completed.get(p.href) ?? 0) >= 2 || deps.tracker.state(p.elicitationId) === 'completed') {
        emit(p, 'repeated');
        throw new UrlFlowError(
          'repeated-url',
          `The server asked again for ${p.href}, which was already completed; stopping instead of looping.`,
          { cause: failure },
        );
      }
    }

    let again = false;
    for (const p of prerequisites) {
      if (opened.has(p.href)) {
        // Already consented and opened: not a new step, only not finished yet.
        deps.tracker.pending(p.elicitationId);
        again = true;
        continue;
      }
      await consentAndOpen(p, deps, emit);
      opened.add(p.href);
    }

    const choice = await waitForCompletion(prerequisites, again, deps);
    if (choice === 'cancel') {
      for (const p of prerequisites) deps.tracker.drop(p.elicitationId);
      throw new UrlFlowError('cancelled', 'The browser step was cancelled; the request was not retried.', {
        cause: deps.signal?.aborted ? deps.signal.reason : failure,
      });
    }
    for (const p of prerequisites) {
      const level = choice === 'completed' ? 2 : choice === 'done' ? (completed.get(p.href) ?? 0) + 1 : 0;
      if (level > 0) completed.set(p.href, level);
      emit(p, choice === 'retry' ? 'retry' : 'completed');
    }
  }
}

function isUrlElicitationRequired(error: unknown): error is ProtocolError {
  return error instanceof ProtocolError && error.code === ProtocolErrorCode.UrlElicitationRequired;
}

// S-16/S-17: every entry must be a URL-mode elicitation with an id, a message and a URL; others
// are ignored (edge case 34). Read from `data` so entries the SDK's typing would hide are seen.
function parsePrerequisites(error: ProtocolError, deps: UrlRetryDeps, emit: Emit): Prerequisite[] {
  const data = error.data as { elicitations?: unknown } | undefined;
  const list = Array.isArray(data?.elicitations) ? (data.elicitations as unknown[]) : [];
  const out: Prerequisite[] = [];
  for (const entry of list) {
    const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const message = typeof e.message === 'string' ? e.message : '';
    const url = typeof e.url === 'string' ? e.url : '';
    if (
      e.mode !== 'url' ||
      typeof e.elicitationId !== 'string' ||
      typeof e.message !== 'string' ||
      typeof e.url !== 'string'
    ) {
      emit(
        { message, url },
        'ignored',
        'not a URL-mode elicitation with elicitationId, message and url (S-17)',
      );
      continue;
    }
    const analysis = analyzeUrl(
      url,
      deps.server.origin === undefined ? {} : { serverOrigin: deps.server.origin },
    );
    if (!analysis.allowed) {
      emit({ message, url }, 'refused', analysis.refusal);
      throw new UrlFlowError(
        'refused',
        `Refused the server's browser step: ${analysis.refusal ?? 'unsafe URL'}`,
        {
          cause: error,
        },
      );
    }
    if (out.some((p) => p.elicitationId === e.elicitationId)) continue;
    out.push({ message, url, href: analysis.href, elicitationId: e.elicitationId, analysis });
  }
  return out;
}

async function consentAndOpen(p: Prerequisite, deps: UrlRetryDeps, emit: Emit): Promise<void> {
  const signal = deps.signal ?? new AbortController().signal;
  const ctx: PromptContext = {
    server: deps.server,
    era: 'legacy',
    signal,
    waiting: 0,
    ...(deps.request && { request: deps.request }),
  };
  // Tracked before consent so a notification racing the prompt still counts (edge case 31).
  deps.tracker.pending(p.elicitationId);
  const answer = deps.renderer.url
    ? await deps.renderer.url(
        { kind: 'url', message: p.message, url: p.url, analysis: p.analysis, elicitationId: p.elicitationId },
        ctx,
      )
    : { outcome: { action: 'cancel' as const, reason: 'no-answer' as const } };
  const action = answer.outcome.action;
  if (action !== 'accept') {
    deps.tracker.drop(p.elicitationId);
    emit(p, action, undefined, answer.outcome.action === 'cancel' ? answer.outcome.reason : undefined);
    throw new UrlFlowError(
      action === 'decline' ? 'declined' : 'cancelled',
      action === 'decline'
        ? 'The browser step the server requires was declined.'
        : 'The browser step the server requires was cancelled.',
    );
  }
  let error = '';
  for (let attempt = 1; attempt <= MAX_OPEN_ATTEMPTS; attempt++) {
    const result = await deps.opener.open(p.href);
    if (result.ok) {
      emit(p, 'accept');
      return;
    }
    error = result.error;
    const choice = await deps.waiter.wait(
      { server: deps.server, url: p.href, message: p.message, reason: 'browser-failed' },
      signal,
    );
    if (choice === 'done') {
      emit(p, 'accept', error);
      return;
    }
    if (choice === 'cancel') break;
  }
  deps.tracker.drop(p.elicitationId);
  emit(p, 'cancel', error, 'browser-failed');
  throw new UrlFlowError(
    'cancelled',
    `The browser could not be opened (${error}); the request was not retried.`,
  );
}

type Completion = 'completed' | UrlWaitChoice;

// C-13/C-14: retry when every listed id is completed by notification, or when the person says
// done / retry now; the waiter's own time limit bounds the wait (edge case 32).
async function waitForCompletion(
  prerequisites: readonly Prerequisite[],
  again: boolean,
  deps: UrlRetryDeps,
): Promise<Completion> {
  const ids = prerequisites.map((p) => p.elicitationId);
  const controller = new AbortController();
  const stop = () => controller.abort();
  deps.signal?.addEventListener('abort', stop, { once: true });
  try {
    const first =
      prerequisites.find((p) => deps.tracker.state(p.elicitationId) !== 'completed') ?? prerequisites[0];
    const notified = deps.tracker
      .waitFor(ids, controller.signal)
      .then((r) => (r === 'completed' ? 'completed' : undefined));
    const person = first
      ? deps.waiter.wait(
          {
            server: deps.server,
            url: first.href,
            message: first.message,
            reason: again ? 'retry-pending' : 'finish-in-browser',
          },
          controller.signal,
        )
      : Promise.resolve<UrlWaitChoice>('done');
    // Whichever comes first; a notification that settles without completing defers to the person.
    const result = await Promise.race([notified.then((r) => r ?? person), person]);
    if (deps.signal?.aborted) return 'cancel';
    return result;
  } finally {
    controller.abort();
    deps.signal?.removeEventListener('abort', stop);
  }
}
