// The three protocol outcomes, modelled exactly (spec §5 Response Actions, C-16).
import type { FormContent } from './form-model.js';

/** Why an elicitation ended as `cancel`; reported to the user and in --json output, never sent. */
export type CancelReason =
  | 'dismissed' // the person's Cancel, Escape, or Ctrl-C inside a terminal form
  | 'interrupted' // the person interrupted the run (Ctrl-C at the terminal running mcp-elicit)
  | 'tab-closed' // browser: the page's tab was closed
  | 'server-cancelled' // notifications/cancelled or the handler's abort signal
  | 'connection-closed' // the connection or the front-end closed while the prompt was open
  | 'input-ended' // piped (not a terminal) answers ran out before this prompt was answered
  | 'no-answer' // scripted: no answer applies, or no person present
  | 'host-unfit' // proxy --elicit host: the host's answer did not fit the schema
  | 'host-gave-up' // proxy: the host stopped waiting while the proxy's own front-end asked
  | 'unattributable' // proxy --elicit host: several 2026 host calls open and nothing says which one asked
  | 'scripted-cancel' // scripted: --cancel, or an answers entry that says cancel
  | 'invalid-answer' // fail closed: the answer did not validate
  | 'unsatisfiable' // the form can never validate
  | 'browser-failed' // URL mode: the person gave up after the browser could not start
  | 'unsafe-url' // URL mode: refused by the safety analysis
  | 'timeout'
  | 'muted' // the person chose "cancel all from this server"
  | 'rate-limited' // the server is over its rate of prompts (C-21)
  | 'queue-full'; // too many of one server's prompts already waiting (a memory bound, not a rate)

/** An explicit "no" from a person; a machine never answers this on a person's behalf. */
export interface DeclineOutcome {
  /** The person explicitly said no. */
  readonly action: 'decline';
}

/** Everything that is neither accept nor a person's "no": dismissed, withdrawn, timed out, refused, no one to ask. */
export interface CancelOutcome {
  /** Ended without a choice. */
  readonly action: 'cancel';
  /** Why, for the user and the logs; never sent to the server. */
  readonly reason: CancelReason;
  /** More about why, in words (never sent to the server). */
  readonly detail?: string;
}

/** How a form elicitation ended: accept with valid content, an explicit decline, or a cancel with its reason. */
export type FormOutcome =
  | {
      /** The person submitted the form. */
      readonly action: 'accept';
      /** The answers, valid against the requested schema. */
      readonly content: FormContent;
    }
  | DeclineOutcome
  | CancelOutcome;

/** How a URL-mode elicitation ended: consent to open the page, an explicit decline, or a cancel. */
export type UrlOutcome =
  | {
      /** The person consented to open the page. */
      readonly action: 'accept';
    }
  | DeclineOutcome
  | CancelOutcome;

/** How any elicitation ended. */
export type ElicitOutcome = FormOutcome | UrlOutcome;
