// A host's accepted form content that does not fit the schema (a yes/no with no fields, a missing
// required field, a wrong type): the proxy's own front-end asks the person instead under `auto`,
// with what the host got right filled in; under `host` it is refused as `host-unfit` (issue 21).

import type { FormAnswer, FormPrompt } from '../contracts/renderer.js';
import { cancelOutcome } from '../core/choice-outcome.js';
import type { Draft, FormContent } from '../core/form-model.js';
import { FormSession } from '../core/form-session.js';
import type { FieldIssue } from '../core/issues.js';
import { setOwn } from '../core/own-property.js';
import { sanitizeText } from '../core/sanitize.js';

/** The host's content checked against the form: it fits, or the problems in words. */
export function hostFit(
  prompt: FormPrompt,
  content: FormContent,
): { ok: true } | { ok: false; problems: string } {
  const checked = prompt.validate(content as Draft);
  if (checked.ok) return { ok: true };
  return { ok: false, problems: problemsText(checked.issues) };
}

/** The prompt again, with each of the host's values that fits its field on its own filled in. */
export function prefilledFromHost(prompt: FormPrompt, content: FormContent): FormPrompt {
  const session = new FormSession(prompt);
  const initial: Draft = { ...prompt.initial };
  const defaulted = new Set(prompt.defaulted);
  for (const field of prompt.model.fields) {
    if (!Object.hasOwn(content, field.name)) continue;
    const value = content[field.name];
    if (session.trySet(field.name, value).length > 0) continue;
    setOwn(initial, field.name, value);
    defaulted.delete(field.name);
  }
  return { ...prompt, initial, defaulted };
}

/** Under `--elicit host`: refused, and never a person's cancel or "no answer". */
export function unfitOutcome(problems: string): FormAnswer {
  return {
    outcome: cancelOutcome('host-unfit', `the host's answer did not fit: ${problems}`),
  };
}

function problemsText(issues: readonly FieldIssue[]): string {
  const shown = issues.slice(0, 5).map((issue) => sanitizeText(issue.message, { maxLength: 160 }));
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  return `${shown.join(' ')}${more}`;
}
