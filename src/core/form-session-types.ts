// The shapes a form session takes in and hands back (form-session.ts): what it starts from, how a
// submit went, and how the prompt ended.
import type { Draft, FormContent, FormModel } from './form-model.js';
import type { FieldIssue, Validation } from './issues.js';
import type { FormOutcome } from './outcome.js';

/** What a session starts from; a renderer's `FormPrompt` is one. */
export interface FormStart {
  /** The form to ask. */
  readonly model: FormModel;
  /** Pre-filled values: defaults (SEP-1034), overlaid with what the person typed earlier. */
  readonly initial: Draft;
  /** Field names whose initial value is the schema default. */
  readonly defaulted: ReadonlySet<string>;
  /** True when `initial` restores values typed in an earlier, interrupted prompt. */
  readonly restored?: boolean;
  /** The engine's checker: `validateContent`, or the adapter's wrapper around it. */
  readonly validate: (draft: Draft) => Validation<FormContent, FieldIssue>;
}

/** How a front-end uses a `FormSession`. */
export interface FormSessionOptions {
  /**
   * The front-end draws widgets (terminal, browser): a text or number box holds text, and blank
   * text is no answer; a multi-select is a row of checkboxes, and none ticked is no answer. Line
   * and scripted front-ends set values as given (a typed `[]` is an explicit empty list).
   */
  readonly widgets?: boolean;
}

/** How a form prompt ended, as the adapter takes it (a renderer's `FormAnswer`). */
export interface FormEnding {
  /** What the server is told (`accept` content is valid against the form). */
  readonly outcome: FormOutcome;
  /** What the person had typed when the prompt ended without accept; kept for the session. */
  readonly draft?: Draft;
  /** The person asked to cancel every further elicitation from this server for the session. */
  readonly muteServer?: boolean;
}

/** What asking for the review did: opened it, or (with problems) kept the form at the first one. */
export interface Review {
  /** True when the review is open: nothing stops a submit (or the form has no fields to fix). */
  readonly opened: boolean;
  /** Every problem that stops a submit (empty when it would be sent). */
  readonly issues: readonly FieldIssue[];
  /** Index in `fields` of the first field with a problem (0 for a problem of the whole form), to edit next. */
  readonly firstProblem: number | undefined;
}

/** What `FormSession.submit` did: accepted the valid answers, refused them with reasons, or nothing (already ended). */
export type Submission =
  | {
      /** The answers were valid and the prompt ended with accept. */
      readonly kind: 'accepted';
      /** Exactly what is sent. */
      readonly content: FormContent;
      /** The ending to return from `Renderer.form`. */
      readonly ending: FormEnding;
    }
  | {
      /** Something is wrong: nothing was sent and the prompt goes on. */
      readonly kind: 'refused';
      /** Every problem, to show under its field. */
      readonly issues: readonly FieldIssue[];
      /** Index in `fields` of the first field with a problem. */
      readonly firstProblem: number | undefined;
    }
  | {
      /** The prompt had already ended (a second submit): nothing changes. */
      readonly kind: 'ended';
      /** The ending it had. */
      readonly ending: FormEnding;
    };
