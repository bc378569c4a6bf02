// How a prompt ends without the person pressing accept, decline or cancel: one outcome, reason
// and sentence per kind of ending, shared by every front-end and the proxy (issue 20).
//
// Ctrl-C is the person interrupting mcp-elicit, the same in every front-end: the open prompt ends
// as cancel with reason `interrupted`, the request in flight is cancelled and the CLI exits 130.
// Dismissing one prompt and going on is Escape (terminal), `cancel` (line mode) or the Cancel
// button (browser).
import type { CancelOutcome, CancelReason } from './outcome.js';

/** A prompt's end that no button press chose. */
export type PromptEnding =
  | 'interrupted' // the person's Ctrl-C where mcp-elicit runs
  | 'server-cancelled' // the server withdrew the request (notifications/cancelled, its abort)
  | 'host-gave-up' // proxy: the host stopped waiting for the request that asked (its timeout or cancel)
  | 'connection-lost' // the connection to the server closed (the client closed, the server exited)
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
    case 'host-gave-up':
      return { reason: 'host-gave-up', detail: 'the host stopped waiting for the request' };
    case 'connection-lost':
      return { reason: 'connection-closed', detail: 'the connection to the server closed' };
    case 'interrupted':
      return { reason: 'interrupted', detail: 'interrupted with Ctrl-C' };
    case 'tab-closed':
      return { reason: 'tab-closed', detail: 'the browser tab was closed and not reopened in time' };
    case 'closed':
      return { reason: 'connection-closed', detail: 'the front-end was closed' };
  }
}

/** What the person is told about a prompt's end, in one sentence. */
export function endingSentence(ending: PromptEnding): string {
  switch (ending) {
    case 'server-cancelled':
      return 'The server withdrew this request. What you typed is kept if it asks again.';
    case 'host-gave-up':
      return 'The app that asked stopped waiting (its time limit ran out, or it cancelled). What you typed is kept: when it asks again, your answers are filled in.';
    case 'connection-lost':
      return 'The connection to the server closed, so the request was cancelled.';
    case 'interrupted':
      return 'You interrupted mcp-elicit (Ctrl-C), so the request was cancelled.';
    case 'timeout':
      return 'The request was left unanswered too long, so it was cancelled.';
    case 'tab-closed':
      return 'The tab was closed and not reopened in time, so the request was cancelled.';
    case 'closed':
      return 'The session ended, so the request was cancelled.';
  }
}

/** The abort reason the proxy gives a prompt whose host stopped waiting for it (src/proxy/person-waiting.ts). */
export class HostGaveUp extends Error {
  constructor() {
    super('the host stopped waiting for the request');
    this.name = 'HostGaveUp';
  }
}

/** The code of the SDK's error for a closed connection (`SdkErrorCode.ConnectionClosed`); core does not import the SDK. */
const CONNECTION_CLOSED = 'CONNECTION_CLOSED';

/** How a prompt whose signal aborted ended, unless the person interrupted. */
export type WithdrawnEnding = 'host-gave-up' | 'server-cancelled' | 'connection-lost';

/** Why a prompt's signal aborted: the host gave up, the connection closed, else the server withdrew it. */
export function withdrawnEnding(signal: AbortSignal): WithdrawnEnding {
  const reason: unknown = signal.reason;
  if (reason instanceof HostGaveUp) return 'host-gave-up';
  return (reason as { code?: unknown } | undefined)?.code === CONNECTION_CLOSED
    ? 'connection-lost'
    : 'server-cancelled';
}

/** A withdrawn prompt's outcome, in the one dialect every front-end reports. */
export function withdrawnOutcome(signal: AbortSignal): CancelOutcome {
  return { action: 'cancel', reason: endingOutcome(withdrawnEnding(signal)).reason };
}
