// A front-end that parks instead of asking (P-01): each form or URL step becomes a `ParkedQuestion`
// that waits, as long as the request does, for an answer given later from anywhere (an agent
// relaying its user, another process, another front-end). Answers are checked by the same engine
// every front-end uses (FormSession, fillForm): a wrong one is refused naming the field and the
// question stays parked (P-03); the first answer to a question wins (P-04).

import { randomBytes } from 'node:crypto';
import type {
  FormAnswer,
  FormPrompt,
  PromptContext,
  Renderer,
  UrlAnswer,
  UrlPrompt,
} from '../../contracts/renderer.js';
import type { ParkedSignIn, SignInPrompt } from '../../contracts/sign-in-park.js';
import type { UrlOpener, UrlWaitChoice } from '../../contracts/url-step.js';
import { cancelOutcome, endedOutcome } from '../../core/choice-outcome.js';
import type { Draft } from '../../core/form-model.js';
import type { CancelOutcome, CancelReason } from '../../core/outcome.js';
import { withdrawnEnding } from '../../core/prompt-ending.js';
import { sanitizeText } from '../../core/sanitize.js';
import { takeForm } from './form-answer.js';
import type { Checked, ParkAnswer, ParkRefusal } from './park-answer.js';
import { formQuestion, type ParkedQuestion, signInQuestion, urlQuestion } from './parked-question.js';
import { type PortablePrompt, toPortable } from './portable-prompt.js';
import { type SignInEnd, takeSignIn } from './sign-in-answer.js';
import { takeUrl } from './url-answer.js';

/** What `ParkingRenderer.answer` did: took the answer, or refused it (the question unchanged). */
export type ParkVerdict =
  | {
      /** The answer ended the question (or, `waiting`, a sign-in goes on until it finishes). */
      readonly ok: true;
      /** `done` on a parked sign-in: it stays listed until the browser or the polling finishes it. */
      readonly waiting?: true;
    }
  | {
      /** Refused: the question (if any) is still waiting. */
      readonly ok: false;
      /** Why, stable to branch on. */
      readonly code: ParkRefusal;
      /** Why, in words for the person, naming the field. */
      readonly message: string;
    };

/** How a question stopped waiting; `completed`: the server said its URL step was done (P-14). */
export type ParkSettled = 'answered' | 'withdrawn' | 'expired' | 'completed';

/** Hooks and clock of a `ParkingRenderer`. */
export interface ParkingOptions {
  /** Told each question as it parks. */
  readonly onPark?: (question: ParkedQuestion) => void;
  /** Told when a question stops waiting: answered, withdrawn by the server, or expired. */
  readonly onSettle?: (id: string, how: ParkSettled) => void;
  /** Clock (tests). */
  readonly now?: () => number;
}

interface Waiting {
  readonly question: ParkedQuestion;
  readonly prompt: FormPrompt | UrlPrompt | SignInPrompt;
  /** What a person typed in a front-end before leaving the form unanswered (memory only). */
  kept?: Draft;
  /** Ends a URL step the server reported finished. */
  readonly completed: () => void;
  /** Checks `answer` and, when it fits, ends the question with it. */
  readonly take: (answer: ParkAnswer) => ParkVerdict;
  readonly end: (reason: CancelReason, detail: string) => void;
}

/** Opens nothing: the person visits a parked URL themselves, from wherever the question reached them. */
const BY_HAND: UrlOpener = { open: async () => ({ ok: true }) };

/** Parks every form and URL step as a `ParkedQuestion` until `answer` is called with its id. */
export class ParkingRenderer implements Renderer {
  readonly name = 'park';
  /** A person answers, later: URL mode is declared, and nothing is answered on their behalf. */
  readonly interactive = true;
  readonly opener = BY_HAND;
  readonly #waiting = new Map<string, Waiting>();
  readonly #options: ParkingOptions;

  constructor(options: ParkingOptions = {}) {
    this.#options = options;
  }

  /** The questions waiting now, oldest first. */
  pending(): ParkedQuestion[] {
    return [...this.#waiting.values()].map((waiting) => waiting.question);
  }

  /** Answers question `id`; refused (and the question left waiting) when the answer does not fit. */
  answer(id: string, answer: ParkAnswer): ParkVerdict {
    const waiting = this.#waiting.get(id);
    if (!waiting)
      return refuse(
        'unknown',
        `no parked question ${sanitizeText(id, { maxLength: 60 })} is waiting (answered, expired or withdrawn)`,
      );
    return waiting.take(answer);
  }

  /** Question `id` as data for a front-end elsewhere, pre-filled with what was kept for it. */
  prompt(id: string): PortablePrompt | undefined {
    const waiting = this.#waiting.get(id);
    if (waiting === undefined || waiting.prompt.kind === 'sign-in') return undefined;
    return toPortable(waiting.prompt, waiting.kept);
  }

  /** Keeps `draft` (typed, not sent) with question `id` for the next front-end to show it. */
  keep(id: string, draft: Draft): boolean {
    const waiting = this.#waiting.get(id);
    if (waiting === undefined || waiting.prompt.kind !== 'form') return false;
    waiting.kept = draft;
    return true;
  }

  /** 2025-11-25: the server's notifications/elicitation/complete ends the URL step it names. */
  urlCompleted(elicitationId: string): void {
    for (const waiting of [...this.#waiting.values()])
      if (waiting.prompt.kind === 'url' && waiting.prompt.elicitationId === elicitationId)
        waiting.completed();
  }

  /** Ends question `id` with `cancel` (reason `timeout`): it waited as long as it may. */
  expire(id: string, detail: string): void {
    this.#waiting.get(id)?.end('timeout', detail);
  }

  /** Ends every waiting question with `cancel` (shutdown). */
  cancelAll(reason: CancelReason, detail: string): void {
    for (const waiting of [...this.#waiting.values()]) waiting.end(reason, detail);
  }

  form(prompt: FormPrompt, ctx: PromptContext): Promise<FormAnswer> {
    const id = newId();
    const question = formQuestion(id, prompt, ctx, this.#now());
    return this.#park<FormAnswer>(
      question,
      prompt,
      ctx,
      (answer) => takeForm(prompt, answer),
      (outcome) => ({ outcome }),
    );
  }

  url(prompt: UrlPrompt, ctx: PromptContext): Promise<UrlAnswer> {
    const id = newId();
    const question = urlQuestion(id, prompt, ctx, this.#now());
    return this.#park<UrlAnswer>(
      question,
      prompt,
      ctx,
      (answer) => takeUrl(prompt, answer.action),
      (outcome) => ({ outcome }),
    );
  }

  /** A sign-in parked like a question: it goes on where it runs; `finished` ends its entry. */
  parkSignIn(prompt: SignInPrompt, ctx: PromptContext): ParkedSignIn {
    const question = signInQuestion(newId(), prompt, ctx, this.#now());
    const ended = this.#park<SignInEnd>(
      question,
      prompt,
      ctx,
      (answer) => takeSignIn(prompt, answer),
      (outcome) => ({ kind: 'stopped', detail: outcome.detail ?? 'the parked sign-in ended' }),
      { kind: 'finished' },
    );
    return {
      stopped: ended.then((end) => (end.kind === 'stopped' ? end : new Promise<never>(() => {}))),
      finished: () => this.#waiting.get(question.id)?.completed(),
    };
  }

  /** The URL step parked until the person said `done`: nothing more to wait for. */
  async waitForUrl(): Promise<UrlWaitChoice> {
    return 'done';
  }

  async close(): Promise<void> {
    this.cancelAll('connection-closed', 'the parked request ended');
  }

  // `finished`: what a sign-in settles with when it ends on its own (a URL step: its `done`).
  #park<T>(
    question: ParkedQuestion,
    prompt: FormPrompt | UrlPrompt | SignInPrompt,
    ctx: PromptContext,
    check: (answer: ParkAnswer) => Checked<T>,
    cancelled: (outcome: CancelOutcome) => T,
    finished?: T,
  ): Promise<T> {
    let doneGiven = false;
    return new Promise<T>((resolve) => {
      const settle = (value: T, how: ParkSettled): void => {
        if (!this.#waiting.delete(question.id)) return;
        ctx.signal.removeEventListener('abort', onAbort);
        resolve(value);
        this.#options.onSettle?.(question.id, how);
      };
      const onAbort = (): void => {
        settle(cancelled(endedOutcome(withdrawnEnding(ctx.signal))), 'withdrawn');
      };
      this.#waiting.set(question.id, {
        question,
        prompt,
        completed: () => {
          // A sign-in someone already answered --done for: that answer collects what comes next.
          if (finished !== undefined) return settle(finished, doneGiven ? 'answered' : 'completed');
          const checked = check({ action: 'done' });
          if (checked.ok && 'value' in checked) settle(checked.value, 'completed');
        },
        take: (answer) => {
          const checked = check(answer);
          if (!checked.ok) return refuse(checked.code, checked.message);
          if ('waits' in checked) {
            doneGiven = true;
            return { ok: true, waiting: true };
          }
          settle(checked.value, 'answered');
          return { ok: true };
        },
        end: (reason, detail) => settle(cancelled(cancelOutcome(reason, detail)), 'expired'),
      });
      if (ctx.signal.aborted) return onAbort();
      ctx.signal.addEventListener('abort', onAbort, { once: true });
      this.#options.onPark?.(question);
    });
  }

  #now(): number {
    return (this.#options.now ?? Date.now)();
  }
}

function refuse(code: ParkRefusal, message: string): ParkVerdict {
  return { ok: false, code, message };
}

// 128 random bits: a parked question's id is its only key, so it must not be guessable; hex, so an
// id never starts with '-' and is never read as an option on the answer command line.
function newId(): string {
  return randomBytes(16).toString('hex');
}
