// How a parked form takes an answer: checked as every front-end checks a form (FormSession,
// fillForm): typed by field, validated, fail closed; a wrong answer is refused naming the field.
import type { FormAnswer, FormPrompt } from '../../contracts/renderer.js';
import { cancelOutcome, declineOutcome } from '../../core/choice-outcome.js';
import { initialDraft } from '../../core/defaults.js';
import { FormSession } from '../../core/form-session.js';
import { sanitizeText } from '../../core/sanitize.js';
import { fillForm } from '../scripted/answer-fill.js';
import type { Checked, ParkAnswer } from './park-answer.js';

// The answer checked as every front-end checks a form: typed by field, validated, fail closed.
export function takeForm(prompt: FormPrompt, answer: ParkAnswer): Checked<FormAnswer> {
  if (answer.action === 'decline') return { ok: true, value: { outcome: declineOutcome() } };
  if (answer.action === 'cancel')
    return { ok: true, value: { outcome: cancelOutcome('dismissed', 'answered cancel') } };
  if (answer.action === 'done' || answer.action === 'paste-back')
    return {
      ok: false,
      code: 'wrong-mode',
      message:
        'this question is a form: answer it with values (--set, --args or --accept-defaults), --decline or --cancel',
    };
  if (!prompt.model.satisfiable)
    return { ok: false, code: 'invalid', message: 'no answer can satisfy this form: --decline or --cancel' };
  const start = answer.exact
    ? { ...prompt, initial: {}, defaulted: new Set<string>() }
    : { ...prompt, initial: initialDraft(prompt.model).draft };
  const session = new FormSession(start);
  const problem = fillForm(session, {
    sets: new Map(Object.entries(answer.sets ?? {})),
    content: answer.content ?? {},
    supply: [],
    env: {},
    allowEnv: new Set(),
    label: '--args',
  });
  if (problem !== undefined) return { ok: false, code: 'invalid', message: problem };
  const submitted = session.submit();
  if (submitted.kind === 'accepted') return { ok: true, value: submitted.ending };
  const issues = submitted.kind === 'refused' ? submitted.issues : [];
  const message = issues
    .map((issue) =>
      issue.field === undefined ? issue.message : `${sanitizeText(issue.field)}: ${issue.message}`,
    )
    .join(' ');
  return { ok: false, code: 'invalid', message: message || 'the answer does not fit the form' };
}
