// The wire result and the fail-closed gate (C-16, C-31, C-32; E-20, E-21; H-03).
import type { FormContent, FormModel } from './form-model.js';
import type { FormOutcome, UrlOutcome } from './outcome.js';
import { setOwn } from './own-property.js';
import { validateContent } from './validate.js';

/** The `ElicitResult` as it goes on the wire: the action, and content only on a form-mode accept. */
export type ElicitResultWire =
  | {
      /** The person accepted (form submitted, or consent to open a URL). */
      action: 'accept';
      /** The validated answers; absent in URL mode. */
      content?: FormContent;
    }
  | {
      /** The person explicitly said no. */
      action: 'decline';
    }
  | {
      /** Anything else: dismissed, withdrawn, timed out, no one to ask. */
      action: 'cancel';
    };

function copyContent(content: FormContent): FormContent {
  const out: FormContent = {};
  for (const key of Object.keys(content)) {
    const value = content[key];
    if (value === undefined) continue;
    setOwn(out, key, Array.isArray(value) ? [...value] : value);
  }
  return out;
}

/**
 * The ElicitResult to send. `content` only on a form-mode accept (C-32, E-20); never on
 * decline or cancel; URL-mode accept has none (C-15). The local cancel `reason`/`detail` never go
 * on the wire.
 */
export function toElicitResult(outcome: FormOutcome | UrlOutcome): ElicitResultWire {
  switch (outcome.action) {
    case 'accept':
      return 'content' in outcome
        ? { action: 'accept', content: copyContent(outcome.content) }
        : { action: 'accept' };
    case 'decline':
      return { action: 'decline' };
    case 'cancel':
      return { action: 'cancel' };
  }
}

/**
 * Never send an accept whose content breaks the requested schema (H-03, C-31): such an
 * accept becomes a cancel saying why. A valid accept is returned with exactly the validated content
 * (fields of the form only). Decline and cancel pass through.
 */
export function failClosed(model: FormModel, outcome: FormOutcome): FormOutcome {
  if (outcome.action !== 'accept') return outcome;
  const checked = validateContent(model, outcome.content);
  if (checked.ok) return { action: 'accept', content: checked.value };
  // An unsatisfiable form gets its own reason: no answer could ever have been sent.
  const reason = model.satisfiable ? 'invalid-answer' : 'unsatisfiable';
  return { action: 'cancel', reason, detail: checked.issues.map((issue) => issue.message).join(' ') };
}
