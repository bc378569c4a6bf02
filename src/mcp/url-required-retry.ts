// The 2025-11-25 `URLElicitationRequiredError` (-32042) path (spec §3.5, C-13, C-14, C-33, edge
// cases 33-37): any request may fail with a list of URL elicitations that must be completed first.
// Each goes through the same URL step as `elicitation/create` (nothing is sent back: it was an
// error, not a request), then the original request is retried once they completed (notification)
// or the person says so. The SDK does none of this (2026 digest §2.5).
import { type ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';
import type { Renderer } from '../contracts/renderer.js';
import type { ServerIdentity } from '../contracts/server-identity.js';
import type { UrlOpener, UrlWaitChoice, UrlWaiter } from '../contracts/url-step.js';
import { analyzeUrl, type UrlAnalysis } from '../core/url-safety.js';
import { type ElicitationEvent, urlFacts } from './events.js';
import type { UrlCompletionTracker } from './url-completion.js';
import { DEFAULT_URL_RETRIES, isUrlElicitationRequired } from './url-required-error.js';
import { runUrlStep } from './url-step.js';

export interface UrlRetryDeps {
  readonly server: ServerIdentity;
  readonly renderer: Renderer;
  readonly opener: UrlOpener;
  readonly tracker: UrlCompletionTracker;
  readonly waiter: UrlWaiter;
  /** Whether `url` was declared in the elicitation capability (E-35). */
  readonly urlModeDeclared: boolean;
  readonly maxRetries?: number;
  readonly signal?: AbortSignal;
  /** The request being retried, for the consent prompt's context. */
  readonly request?: { readonly method: string; readonly name?: string };
  /** The session's event log: each page consented to, turned down, or refused. */
  readonly emit?: (event: ElicitationEvent) => void;
  readonly onMute?: () => void;
}

interface Prerequisite {
  readonly message: string;
  readonly url: string;
  readonly href: string;
  /** Analysed once, when the error was parsed; the consent shows this very analysis. */
  readonly analysis: UrlAnalysis;
  readonly elicitationId: string;
}

export async function withUrlElicitationRetry<T>(call: () => Promise<T>, deps: UrlRetryDeps): Promise<T> {
  const maxRetries = deps.maxRetries ?? DEFAULT_URL_RETRIES;
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
    // E-35: without URL mode this is an ordinary error; nothing is shown or opened.
    if (!deps.urlModeDeclared) throw failure;
    const prerequisites = parsePrerequisites(failure, deps);
    // E-34: nothing usable left → surface the server's error as it is.
    if (prerequisites.length === 0) throw failure;
    if (attempt >= maxRetries) {
      throw new ElicitError(
        'retries-exhausted',
        `The server still requires a browser step after ${maxRetries} retries: ${failure.message}`,
        { cause: failure },
      );
    }
    for (const p of prerequisites) {
      if ((completed.get(p.href) ?? 0) >= 2 || deps.tracker.state(p.elicitationId) === 'completed') {
        throw new ElicitError(
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
      await consentAndOpen(p, deps);
      opened.add(p.href);
    }

    const choice = await waitForCompletion(prerequisites, again, deps);
    if (choice === 'cancel') {
      for (const p of prerequisites) deps.tracker.drop(p.elicitationId);
      throw new ElicitError('cancelled', 'The browser step was cancelled; the request was not retried.', {
        cause: deps.signal?.aborted ? deps.signal.reason : failure,
      });
    }
    for (const p of prerequisites) {
      const level = choice === 'completed' ? 2 : choice === 'done' ? (completed.get(p.href) ?? 0) + 1 : 0;
      if (level > 0) completed.set(p.href, level);
    }
  }
}

// S-16/S-17: every entry must be a URL-mode elicitation with an id, a message and a URL; others
// are ignored (E-34). Read from `data` so entries the SDK's typing would hide are seen.
function parsePrerequisites(error: ProtocolError, deps: UrlRetryDeps): Prerequisite[] {
  const data = error.data as { elicitations?: unknown } | undefined;
  const list = Array.isArray(data?.elicitations) ? (data.elicitations as unknown[]) : [];
  const out: Prerequisite[] = [];
  for (const entry of list) {
    const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const { message, url, elicitationId } = e;
    if (
      e.mode !== 'url' ||
      typeof elicitationId !== 'string' ||
      typeof message !== 'string' ||
      typeof url !== 'string'
    ) {
      continue;
    }
    const analysis = analyzeUrl(url, originOf(deps.server));
    if (!analysis.allowed) {
      const refusal = analysis.refusal ?? 'refused';
      const code = ProtocolErrorCode.UrlElicitationRequired;
      deps.emit?.({
        server: deps.server.label,
        mode: 'url',
        message,
        url,
        error: { code, message: refusal },
      });
      throw new ElicitError(
        'refused',
        `Refused the server's browser step: ${analysis.refusal ?? 'unsafe URL'}`,
        {
          cause: error,
        },
      );
    }
    if (out.some((p) => p.elicitationId === elicitationId)) continue;
    out.push({ message, url, href: analysis.href, analysis, elicitationId });
  }
  return out;
}

async function consentAndOpen(p: Prerequisite, deps: UrlRetryDeps): Promise<void> {
  const ctx = {
    server: deps.server,
    era: '2025-11-25' as const,
    signal: deps.signal ?? new AbortController().signal,
    waiting: 0,
    ...(deps.request && { request: deps.request }),
  };
  // Tracked before consent so a notification racing the prompt still counts (E-31).
  deps.tracker.pending(p.elicitationId);
  const { analysis } = p;
  const { outcome, stage } = await runUrlStep(
    { message: p.message, url: p.url, analysis, elicitationId: p.elicitationId, waitUntilDone: false },
    ctx,
    deps,
  );
  deps.emit?.({
    server: deps.server.label,
    mode: 'url',
    message: p.message,
    url: p.url,
    ...urlFacts(analysis),
    action: outcome.action,
    ...(outcome.action === 'cancel' && { reason: outcome.reason }),
  });
  if (outcome.action === 'accept') return;
  deps.tracker.drop(p.elicitationId);
  if (stage === 'open') {
    const detail = outcome.action === 'cancel' ? outcome.detail : undefined;
    throw new ElicitError(
      'cancelled',
      `The browser could not be opened (${detail ?? ''}); the request was not retried.`,
    );
  }
  throw outcome.action === 'decline'
    ? new ElicitError('declined', 'The browser step the server requires was declined.')
    : new ElicitError('cancelled', 'The browser step the server requires was cancelled.');
}

function originOf(server: ServerIdentity): { serverOrigin?: string } {
  return server.origin === undefined ? {} : { serverOrigin: server.origin };
}

type Completion = 'completed' | UrlWaitChoice;

// C-13/C-14: retry when every listed id is completed by notification, or when the person says
// done / retry now; the waiter's own time limit bounds the wait (E-32).
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
