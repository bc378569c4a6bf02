// Form mode: schema → model → pre-filled prompt → person (or script) → fail-closed result.
import type { FormAnswer, FormPrompt, PromptContext, Renderer } from '../contracts/renderer.js';
import { initialDraft } from '../core/defaults.js';
import type { DraftStore } from '../core/draft-store.js';
import type { Draft, FormContent, FormModel } from '../core/form-model.js';
import type { FormOutcome } from '../core/outcome.js';
import { withdrawnOutcome } from '../core/prompt-ending.js';
import { failClosed } from '../core/result.js';
import { validateContent } from '../core/validate.js';
import { type PromptQueue, skippedOutcome } from './prompt-queue.js';
import { overRateAsker } from './rate-limit.js';

export interface FormDeps {
  /** The server's configured label: drafts are kept per label. */
  readonly label: string;
  readonly renderer: Renderer;
  readonly queue: PromptQueue;
  readonly drafts: DraftStore;
}

export interface FormRun {
  readonly message: string;
  readonly outcome: FormOutcome;
}

/** `ctx` is built per turn so `waiting` reflects the queue when the prompt is shown. */
export async function answerForm(
  form: { readonly message: string; readonly model: FormModel },
  context: (waiting: () => number) => PromptContext,
  signal: AbortSignal,
  deps: FormDeps,
): Promise<FormRun> {
  const { message, model } = form;
  // Content objects this prompt's own checker produced (frozen, so unchanged since): the fail-closed
  // gate below need not validate them a second time.
  const vouched = new WeakSet<FormContent>();
  const server = deps.label;

  const { draft: defaults, defaulted } = initialDraft(model);
  const recalled = deps.drafts.recall(server, model);
  const initial: Draft = recalled ? { ...defaults, ...recalled } : defaults;
  const stillDefaulted = recalled
    ? new Set([...defaulted].filter((name) => recalled[name] === undefined))
    : defaulted;
  const prompt: FormPrompt = {
    kind: 'form',
    message,
    model,
    initial,
    defaulted: stillDefaulted,
    restored: recalled !== undefined && Object.keys(recalled).length > 0,
    validate: (d) => {
      const result = validateContent(model, d);
      if (result.ok) vouched.add(freezeContent(result.value));
      return result;
    },
  };

  const answer = await deps.queue.run<FormAnswer>(
    server,
    signal,
    (waiting) => deps.renderer.form(prompt, context(waiting)),
    (reason) => ({
      outcome: skippedOutcome(reason, signal),
    }),
    overRateAsker(deps.renderer, deps.queue.rate, context),
  );
  if (answer.muteServer) deps.queue.mute(server);

  let outcome = answer.outcome;
  if (signal.aborted && outcome.action !== 'cancel') {
    // Withdrawn (by the server, or the connection closed) while the person answered: nothing will be sent.
    outcome = withdrawnOutcome(signal);
  }
  if (outcome.action === 'accept') {
    const gated = vouched.has(outcome.content) ? outcome : failClosed(model, outcome);
    // An answer that fails validation is never sent (H-03), but it is kept as a draft.
    if (gated.action === 'accept') deps.drafts.forget(server, model);
    else deps.drafts.remember(server, model, outcome.content);
    outcome = gated;
  } else if (answer.draft && Object.keys(answer.draft).length > 0) {
    // Nothing typed is lost: offered again when the same server asks with the same fields.
    deps.drafts.remember(server, model, answer.draft);
  }
  return { message, outcome };
}

function freezeContent(content: FormContent): FormContent {
  for (const value of Object.values(content)) if (Array.isArray(value)) Object.freeze(value);
  return Object.freeze(content);
}
