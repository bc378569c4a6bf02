// What a URL step needs besides the renderer: who asks, an opener for the consented page, and the
// waiting state after it (spec 2025-11-25 §3.4 C-14, 2026-07-28 §URL mode): completion may never
// be signalled, so the person always has manual controls.
import type { ServerIdentity } from './server-identity.js';

export type OpenResult = { readonly ok: true } | { readonly ok: false; readonly error: string };

/** Opens a consented URL-mode page (C-27: in a context the client cannot inspect). */
export interface UrlOpener {
  open(url: string): Promise<OpenResult>;
}

export type UrlWaitReason =
  /** The browser could not be started: show the URL to copy; `done` = opened it by hand. */
  | 'browser-failed'
  /** The page is open; `done` = the person finished there. */
  | 'finish-in-browser'
  /** The server asked again for a URL the person already opened: not finished yet. */
  | 'retry-pending';

export type UrlWaitChoice = 'done' | 'retry' | 'cancel';

export interface UrlWaitInfo {
  readonly server: ServerIdentity;
  /** Untrusted (from the server); sanitize before display. */
  readonly url: string;
  readonly message: string;
  readonly reason: UrlWaitReason;
}

export interface UrlWaiter {
  /**
   * Resolves with the person's choice. When `signal` aborts (the completion notification came,
   * the request was cancelled) the prompt closes and the promise resolves `cancel`; the caller
   * knows why it aborted. A client-side time limit also ends in `cancel` (edge case 32).
   */
  wait(info: UrlWaitInfo, signal: AbortSignal): Promise<UrlWaitChoice>;
}
