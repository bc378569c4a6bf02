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
import type { UrlOpener, UrlWaitChoice } from '../../contracts/url-step.js';
import { initialDraft } from '../../core/defaults.js';
import type { Draft } from '../../core/form-model.js';
import { FormSession } from '../../core/form-session.js';
import type { CancelReason } from '../../core/outcome.js';
import { endingOutcome, withdrawnEnding } from '../../core/prompt-ending.js';
import { sanitizeText } from '../../core/sanitize.js';
import { fillForm } from '../scripted/answer-fill.js';
import { formQuestion, type ParkedQuestion, urlQuestion } from './parked-question.js';
import { type PortablePrompt, toPortable } from './portable-prompt.js';
import { takeUrl } from './url-answer.js';

/** An out-of-band answer: values for a form, `done` for a URL step, or an explicit decline or cancel. */
export type ParkAnswer =
  | {
      /** Accept a form with these values over its defaults. */
      readonly action: 'accept';
      /** `--set` style text, typed by each field as the scripted front-end types it. */
      readonly sets?: Readonly<Record<string, string>>;
      /** Typed values (`--args`), over the sets and the defaults. */
      readonly content?: Readonly<Record<string, unknown>>;
      /** `content` is the whole answer (a form filled in a front-end, P-12): no defaults under it. */
      readonly exact?: boolean;
    }
  | {
      /** URL mode: the person visited the page and finished there. */
      readonly action: 'done';
    }
  | {
      /** The person said no. */
      readonly action: 'decline';
    }
  | {
      /** The question is withdrawn: the server is told cancel. */
      readonly action: 'cancel';
    };

/** Why an answer was not taken: no such question waiting, an answer that does not fit, or the wrong kind for the question. */
export type ParkRefusal = 'unknown' | 'invalid' | 'wrong-mode';

/** What `ParkingRenderer.answer` did: took the answer, or refused it (the question unchanged). */
export type ParkVerdict =
  | {
      /** The answer ended the question. */
      readonly ok: true;
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
  readonly prompt: FormPrompt | UrlPrompt;
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
    return waiting && toPortable(waiting.prompt, waiting.kept);
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

  /** The URL step parked until the person said `done`: nothing more to wait for. */
  async waitForUrl(): Promise<UrlWaitChoice> {
    return 'done';
  }

  async close(): Promise<void> {
    this.cancelAll('connection-closed', 'the parked request ended');
  }

  #park<T>(
    question: ParkedQuestion,
    prompt: FormPrompt | UrlPrompt,
    ctx: PromptContext,
    check: (answer: ParkAnswer) => { ok: true; value: T } | { ok: false; code: ParkRefusal; message: string },
    cancelled: (outcome: { action: 'cancel'; reason: CancelReason; detail: string }) => T,
  ): Promise<T> {
    return new Promise<T>((resolve) => {
      const settle = (value: T, how: ParkSettled): void => {
        if (!this.#waiting.delete(question.id)) return;
        ctx.signal.removeEventListener('abort', onAbort);
        resolve(value);
        this.#options.onSettle?.(question.id, how);
      };
      const onAbort = (): void => {
        const { reason, detail } = endingOutcome(withdrawnEnding(ctx.signal));
        settle(cancelled({ action: 'cancel', reason, detail }), 'withdrawn');
      };
      this.#waiting.set(question.id, {
        question,
        prompt,
        completed: () => {
          const checked = check({ action: 'done' });
          if (checked.ok) settle(checked.value, 'completed');
        },
        take: (answer) => {
          const checked = check(answer);
          if (!checked.ok) return refuse(checked.code, checked.message);
          settle(checked.value, 'answered');
          return { ok: true };
        },
        end: (reason, detail) => settle(cancelled({ action: 'cancel', reason, detail }), 'expired'),
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

// The answer checked as every front-end checks a form: typed by field, validated, fail closed.
function takeForm(prompt: FormPrompt, answer: ParkAnswer): Checked<FormAnswer> {
  if (answer.action === 'decline') return { ok: true, value: { outcome: { action: 'decline' } } };
  if (answer.action === 'cancel')
    return {
      ok: true,
      value: { outcome: { action: 'cancel', reason: 'dismissed', detail: 'answered cancel' } },
    };
  if (answer.action === 'done')
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

type Checked<T> = { ok: true; value: T } | { ok: false; code: ParkRefusal; message: string };

function refuse(code: ParkRefusal, message: string): ParkVerdict {
  return { ok: false, code, message };
}

// 128 random bits: a parked question's id is its only key, so it must not be guessable; hex, so an
// id never starts with '-' and is never read as an option on the answer command line.
function newId(): string {
  return randomBytes(16).toString('hex');
}
