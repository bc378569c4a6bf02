// What a person's choice becomes on the wire, decided once for every front-end (issue 32): a
// front-end draws the prompt and reports the choice or the ending; the outcome comes from here.
// Forms end through `FormSession` (submit, decline, cancel, mute); these are the URL consent's
// choices and the endings no button chose.
import type { FormContent } from './form-model.js';
import type { CancelOutcome, CancelReason, DeclineOutcome, FormOutcome, UrlOutcome } from './outcome.js';
import { endingOutcome, type PromptEnding } from './prompt-ending.js';
import type { UrlChoice } from './url-consent.js';

/** A URL consent's result: its outcome, and whether the person muted the server for the session. */
export interface UrlChoiceResult {
  readonly outcome: UrlOutcome;
  readonly muteServer?: boolean;
}

/** The outcome of a choice on a URL consent: open is consent (C-25), decline a person's "no". */
export function urlChoiceOutcome(choice: UrlChoice): UrlChoiceResult {
  switch (choice) {
    case 'open':
      return { outcome: consentOutcome() };
    case 'decline':
      return { outcome: declineOutcome() };
    case 'cancel':
      return { outcome: cancelOutcome('dismissed') };
    case 'mute':
      return { outcome: cancelOutcome('muted'), muteServer: true };
  }
}

/** A prompt that ended without a choice (Ctrl-C, timeout, closed tab, ...), with its reason and detail. */
export function endedOutcome(ending: PromptEnding): CancelOutcome {
  return { action: 'cancel', ...endingOutcome(ending) };
}

/** A cancel for `reason`, with `detail` in words when there is one (neither is ever sent). */
export function cancelOutcome(reason: CancelReason, detail?: string): CancelOutcome {
  return detail === undefined ? { action: 'cancel', reason } : { action: 'cancel', reason, detail };
}

/** A person's explicit "no" (a machine never declines on a person's behalf: H-03). */
export function declineOutcome(): DeclineOutcome {
  return { action: 'decline' };
}

/** Consent to a URL step: the person agreed to go to the page, or says they finished there (C-25). */
export function consentOutcome(): UrlOutcome {
  return { action: 'accept' };
}

/** A form accepted with `content` that was already checked against its schema. */
export function acceptedOutcome(content: FormContent): FormOutcome {
  return { action: 'accept', content };
}
