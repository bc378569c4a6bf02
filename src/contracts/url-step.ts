// What a URL step needs besides the renderer: who asks, an opener for the consented page, and the
// waiting state after it (spec 2025-11-25 §3.4 C-14, 2026-07-28 §URL mode): completion may never
// be signalled, so the person always has manual controls.
import type { ServerIdentity } from './server-identity.js';

/** Whether a page could be handed to the browser; the error is shown beside the URL to copy. */
export type OpenResult =
  | {
      /** The browser (or the opener command) started. */
      readonly ok: true;
    }
  | {
      /** The page could not be opened: the person may open the URL by hand. */
      readonly ok: false;
      /** Why, in words for the person. */
      readonly error: string;
    };

/** Opens a consented URL-mode page (C-27: in a context the client cannot inspect). */
export interface UrlOpener {
  /** Hands `url` to the browser; never fetches it itself. */
  open(url: string): Promise<OpenResult>;
}

/** Why the person is waiting on a URL step, which decides what the waiting screen says. */
export type UrlWaitReason =
  /** The browser could not be started: show the URL to copy; `done` = opened it by hand. */
  | 'browser-failed'
  /** The page is open; `done` = the person finished there. */
  | 'finish-in-browser'
  /** The server asked again for a URL the person already opened: not finished yet. */
  | 'retry-pending';

/** The person finished in the browser, wants the request retried now, or gives up (`cancel`). */
export type UrlWaitChoice = 'done' | 'retry' | 'cancel';

/** What the waiting state of a URL step shows. */
export interface UrlWaitInfo {
  /** The server whose page is open. */
  readonly server: ServerIdentity;
  /** Untrusted (from the server); sanitize before display. */
  readonly url: string;
  /** The server's message for the step (untrusted). */
  readonly message: string;
  /** Why the person is waiting. */
  readonly reason: UrlWaitReason;
}

/** The waiting state after a URL was opened: completion may never be signalled, so the person decides. */
export interface UrlWaiter {
  /**
   * Resolves with the person's choice. When `signal` aborts (the completion notification came,
   * the request was cancelled) the prompt closes and the promise resolves `cancel`; the caller
   * knows why it aborted. A client-side time limit also ends in `cancel` (E-32).
   */
  wait(info: UrlWaitInfo, signal: AbortSignal): Promise<UrlWaitChoice>;
}
