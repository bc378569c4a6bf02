// One thing the page can show: a form, a URL consent, or the waiting state after a URL was opened.
// The renderer keeps them in arrival order; the first one is on the page.
import type { ServerIdentity } from '../../contracts/server-identity.js';
import type { AttentionKind } from '../../core/attention.js';
import type { PromptEnding } from '../../core/prompt-ending.js';
import type { Html } from './escape.js';

/** Who asks and why, for the page header. */
export interface Asker {
  readonly server: ServerIdentity;
  readonly request?: { readonly method: string; readonly name?: string };
  /** Elicitations waiting behind this one in the adapter's queue (live). */
  readonly waiting: () => number;
}

/** Why a page ended without the person's choice (core/prompt-ending.ts reports each). */
export type EndReason = PromptEnding;

export interface PageView {
  /** Extra elicitations waiting that the page should mention. */
  readonly alsoWaiting: number;
  readonly nonce: string;
  /** Which entry the page shows (the script reloads when another one is on). */
  readonly entry: string;
}

export type PostResult =
  /** Show this entry's page again (next step, or errors in place). */
  | { readonly kind: 'stay' }
  /** The entry is answered; the sentence says how, for the page that follows. */
  | { readonly kind: 'finished'; readonly summary: string };

export interface Entry {
  readonly asker: Asker;
  /** The page title, for the document and the queue. */
  readonly title: string;
  /** What waits for the person, for the tab's notification; none for a page they already opened. */
  readonly attention?: AttentionKind;
  page(view: PageView): Html;
  /** A form post from this entry's page; `action` is the button pressed. */
  post(action: string, body: URLSearchParams): PostResult;
  /** Live feedback for the script (form entries only): what the engine says about the controls. */
  check?(body: URLSearchParams): unknown;
  /** Ends the entry without a choice; returns the sentence for the page that follows. */
  end(reason: EndReason): string;
}
