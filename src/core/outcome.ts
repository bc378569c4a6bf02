// The three protocol outcomes, modelled exactly (spec §5 Response Actions, C-16).
import type { FormContent } from './form-model.js';

/** Why an elicitation ended as `cancel`; reported to the user and in --json output, never sent. */
export type CancelReason =
  | 'dismissed' // Escape, Ctrl-C, closed window or tab
  | 'server-cancelled' // notifications/cancelled or the handler's abort signal
  | 'connection-closed'
  | 'no-answer' // scripted: no answer applies, or no person present
  | 'invalid-answer' // fail closed: the answer did not validate
  | 'unsatisfiable' // the form can never validate
  | 'browser-failed' // URL mode: the person gave up after the browser could not start
  | 'unsafe-url' // URL mode: refused by the safety analysis
  | 'timeout'
  | 'muted' // the person chose "cancel all from this server"
  | 'rate-limited'; // too many elicitations waiting from one server (C-21)

export type FormOutcome =
  | { readonly action: 'accept'; readonly content: FormContent }
  | { readonly action: 'decline' }
  | { readonly action: 'cancel'; readonly reason: CancelReason; readonly detail?: string };

export type UrlOutcome =
  | { readonly action: 'accept' }
  | { readonly action: 'decline' }
  | { readonly action: 'cancel'; readonly reason: CancelReason; readonly detail?: string };

export type ElicitOutcome = FormOutcome | UrlOutcome;
