// How a prompt ends without the person pressing accept, decline or cancel: one outcome, reason
// and sentence per kind of ending, shared by every front-end and the proxy (issue 20).
//
// Ctrl-C is the person interrupting mcp-elicit, the same in every front-end: the open prompt ends
// as cancel with reason `interrupted`, the request in flight is cancelled and the CLI exits 130.
// Dismissing one prompt and going on is Escape (terminal), `cancel` (line mode) or the Cancel
// button (browser).
import type { CancelReason } from './outcome.js';

/** A prompt's end that no button press chose. */
export type PromptEnding =
  | 'interrupted' // the person's Ctrl-C where mcp-elicit runs
  | 'server-cancelled' // the server withdrew the request (notifications/cancelled, its abort)
  | 'timeout' // the prompt was left unanswered past its limit
  | 'tab-closed' // browser: the page's tab was closed
  | 'closed'; // the front-end itself was closed

/** The reason and detail a prompt's end is reported with (never sent to the server). */
export function endingOutcome(ending: PromptEnding): {
  readonly reason: CancelReason;
  readonly detail: string;
} {
  switch (ending) {
    case 'timeout':
      return { reason: 'timeout', detail: 'the prompt was left unanswered' };
    case 'server-cancelled':
      return { reason: 'server-cancelled', detail: 'the server withdrew the request' };
    case 'interrupted':
      return { reason: 'interrupted', detail: 'interrupted with Ctrl-C' };
    case 'tab-closed':
      return { reason: 'tab-closed', detail: 'the browser tab was closed' };
    case 'closed':
      return { reason: 'connection-closed', detail: 'the front-end was closed' };
  }
}

/** What the person is told about a prompt's end, in one sentence. */
export function endingSentence(ending: PromptEnding): string {
  switch (ending) {
    case 'server-cancelled':
      return 'The server withdrew this request. What you typed is kept if it asks again.';
    case 'interrupted':
      return 'You interrupted mcp-elicit (Ctrl-C), so the request was cancelled.';
    case 'timeout':
      return 'The request was left unanswered too long, so it was cancelled.';
    case 'tab-closed':
      return 'The tab was closed, so the request was cancelled.';
    case 'closed':
      return 'The session ended, so the request was cancelled.';
  }
}
