// How a parked URL step takes an answer: `done` (or the server's completion) is accept, unless the
// URL was refused by the safety check; values are the wrong kind of answer for a page.
import type { UrlAnswer, UrlPrompt } from '../../contracts/renderer.js';
import { cancelOutcome, urlChoiceOutcome } from '../../core/choice-outcome.js';

/** A URL step's answer checked: the value to settle with, or why it was refused. */
type UrlChecked = { ok: true; value: UrlAnswer } | { ok: false; code: 'wrong-mode'; message: string };

/** `action` is a ParkAnswer's (accept, done, decline or cancel). */
export function takeUrl(prompt: UrlPrompt, action: string): UrlChecked {
  if (action === 'cancel')
    return { ok: true, value: { outcome: cancelOutcome('dismissed', 'answered cancel') } };
  if (action === 'decline') return { ok: true, value: urlChoiceOutcome('decline') };
  if (action === 'accept' || action === 'paste-back')
    return {
      ok: false,
      code: 'wrong-mode',
      message:
        'this question is a URL step: answer --done once the page is finished, or --decline or --cancel',
    };
  // Never consent to a URL the safety check refused (C-25), whoever says done.
  if (!prompt.analysis.allowed)
    return {
      ok: true,
      value: { outcome: cancelOutcome('unsafe-url', prompt.analysis.refusal ?? 'refused') },
    };
  return { ok: true, value: urlChoiceOutcome('open') };
}
