// A front-end with no person behind it, for agents and CI. Every decision is printed through `log`
// (the CLI sends it to stderr) so a run can be audited. It never reports `decline` on its own: with
// nothing to say, or an answer that does not fit the form, it answers `cancel` (H-03,
// spec C-16, peers.md "decline reported for a prompt never drawn").
//
// Precedence, per elicitation: `cancel`, then `decline` (policies that answer everything), then the
// first unused matching entry of `answers`, then accept-with-defaults (`acceptDefaults`, or `sets`
// given alone), else cancel with reason `no-answer`, logging the message and the field names.

import type {
  FormAnswer,
  FormPrompt,
  PromptContext,
  Renderer,
  RendererNotice,
  UrlAnswer,
  UrlPrompt,
} from '../../contracts/renderer.js';
import type { UrlWaitChoice, UrlWaiter, UrlWaitInfo } from '../../contracts/url-step.js';
import { cancelOutcome, declineOutcome, endedOutcome, urlChoiceOutcome } from '../../core/choice-outcome.js';
import { initialDraft } from '../../core/defaults.js';
import { FormSession } from '../../core/form-session.js';
import type { CancelOutcome, DeclineOutcome } from '../../core/outcome.js';
import { withdrawnEnding } from '../../core/prompt-ending.js';
import { sanitizeText } from '../../core/sanitize.js';
import { deceptiveWarnings } from '../../core/url-deception.js';
import { createAutoWaiter } from '../url-wait/auto-waiter.js';
import { fillForm } from './answer-fill.js';
import { type AskedElicitation, answerApplies, changedFormHint } from './answer-match.js';
import type { ScriptedAnswer } from './answers-file.js';

/** What a scripted run answers; the same choices as the CLI's `--answers`, `--set`, `--accept-defaults`, `--decline`, `--cancel`. */
export interface ScriptedOptions {
  /** Used in order: each elicitation takes the first unused entry that applies to it. */
  readonly answers?: readonly ScriptedAnswer[];
  /** `--set field=value`, parsed by the field's type; applies to every form with that field name. */
  readonly sets?: Readonly<Record<string, string>>;
  /** Accept every form with its defaults (and `sets`). Implied when only `sets` is given. */
  readonly acceptDefaults?: boolean;
  /** Decline every elicitation (a person's standing "no", given up front). */
  readonly decline?: boolean;
  /** Cancel every elicitation. */
  readonly cancel?: boolean;
  /** Consent to every URL-mode request that the safety analysis allows. */
  readonly openUrls?: boolean;
  /** Also consent to URLs with deceptive warnings (user-info, look-alike hosts, raw IPs, ...). */
  readonly allowDeceptiveUrls?: boolean;
  /** Where `{"$env": "NAME"}` values in answers are read from (the CLI passes its environment). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The only variables `{"$env"}` values may read (`--allow-env`); a reference to any other cancels the form. */
  readonly allowEnv?: readonly string[];
  /** Receives one line per decision (the CLI writes them to stderr); content values never appear. */
  readonly log?: (line: string) => void;
}

/** An answers entry no elicitation used. */
export interface UnusedAnswer {
  /** Its position in the answers list (0-based). */
  readonly index: number;
  /** The entry itself. */
  readonly answer: ScriptedAnswer;
}

/** The scripted front-end, for agents and CI: answers from a policy, and never declines on its own (no answer applies: `cancel`). */
export class ScriptedRenderer implements Renderer {
  readonly name = 'scripted';
  readonly interactive = false;
  readonly #options: ScriptedOptions;
  readonly #answers: readonly ScriptedAnswer[];
  readonly #used: boolean[];
  readonly #sets: ReadonlyMap<string, string>;
  readonly #acceptDefaults: boolean;
  readonly #waiter: UrlWaiter = createAutoWaiter();
  readonly #fieldsSeen = new Set<string>();
  readonly #allowEnv: ReadonlySet<string>;

  constructor(options: ScriptedOptions = {}) {
    this.#options = options;
    this.#answers = options.answers ?? [];
    this.#used = this.#answers.map(() => false);
    this.#sets = new Map(Object.entries(options.sets ?? {}));
    this.#allowEnv = new Set(options.allowEnv ?? []);
    // `--set` alone means "accept, with these values over the defaults": the person gave values
    // for the form, so cancelling it would be surprising. With an answers file, sets only overlay.
    this.#acceptDefaults =
      options.acceptDefaults === true ||
      (this.#sets.size > 0 && this.#answers.length === 0 && !options.decline && !options.cancel);
  }

  async form(prompt: FormPrompt, ctx: PromptContext): Promise<FormAnswer> {
    for (const field of prompt.model.fields) this.#fieldsSeen.add(field.name);
    const say = (verdict: string): void => this.#log(ctx, prompt.message, verdict);
    const blanket = this.#blanket(ctx, say);
    if (blanket) return blanket;
    const asked: AskedElicitation = {
      mode: 'form',
      message: prompt.message,
      ...(ctx.request?.name !== undefined && { tool: ctx.request.name }),
      fields: prompt.model.fields.map((field) => field.name),
    };
    const taken = this.#take(asked);
    if (taken) {
      const { answer, label } = taken;
      if (answer.action === 'decline') {
        say(`decline (${label})`);
        return { outcome: declineOutcome() };
      }
      if (answer.action === 'cancel') {
        say(`cancel (${label})`);
        return { outcome: cancelOutcome('scripted-cancel', `${label} says cancel`) };
      }
      return this.#accept(prompt, say, answer, label);
    }
    if (this.#acceptDefaults) return this.#accept(prompt, say, { action: 'accept' }, 'defaults');
    const names = asked.fields?.map((name) => sanitizeText(name, { maxLength: 60 })).join(', ');
    const hint = changedFormHint(this.#answers, this.#used, asked);
    const detail =
      this.#answers.length > 0
        ? `no scripted answer applies: no answers entry matched this form (fields: ${names || '(none)'})${hint ? `; ${sanitizeText(hint, { maxLength: 300 })}` : ''}`
        : 'no scripted answer applies (give --answers, --set, --accept-defaults, --decline or --cancel)';
    say(`cancel (no-answer): ${detail}`);
    return { outcome: cancelOutcome('no-answer', detail) };
  }

  async url(prompt: UrlPrompt, ctx: PromptContext): Promise<UrlAnswer> {
    const shown = sanitizeText(prompt.analysis.href || prompt.url, { maxLength: 500 });
    const say = (verdict: string): void => this.#log(ctx, prompt.message, `${verdict} [URL ${shown}]`);
    // Every warning is printed, whatever happens next: a run can be reviewed afterwards.
    for (const warning of prompt.analysis.warnings) {
      this.#options.log?.(
        `[scripted] URL warning (${warning.code}): ${sanitizeText(warning.message, { maxLength: 300 })}`,
      );
    }
    const blanket = this.#blanket(ctx, say);
    if (blanket) return blanket;
    const taken = this.#take({
      mode: 'url',
      message: prompt.message,
      url: prompt.url,
      ...(ctx.request?.name !== undefined && { tool: ctx.request.name }),
    });
    let consent: string | undefined;
    if (taken) {
      if (taken.answer.action === 'decline') {
        say(`decline (${taken.label})`);
        return { outcome: declineOutcome() };
      }
      if (taken.answer.action === 'cancel') {
        say(`cancel (${taken.label})`);
        return { outcome: cancelOutcome('scripted-cancel', `${taken.label} says cancel`) };
      }
      consent = taken.label;
    } else if (this.#options.openUrls) {
      consent = '--open-urls';
    }
    if (consent === undefined) {
      const detail =
        'no scripted consent for this URL (give --open-urls or an accept answer whose "when" matches)';
      say(`cancel (no-answer): ${detail}`);
      return { outcome: cancelOutcome('no-answer', detail) };
    }
    if (!prompt.analysis.allowed) {
      const detail = `refused by the URL safety check: ${sanitizeText(prompt.analysis.refusal ?? 'not allowed')}`;
      say(`cancel (unsafe-url): ${detail}`);
      return { outcome: cancelOutcome('unsafe-url', detail) };
    }
    const deceptive = deceptiveWarnings(prompt.analysis);
    if (deceptive.length > 0 && !this.#options.allowDeceptiveUrls) {
      const codes = [...new Set(deceptive.map((warning) => warning.code))].join(', ');
      const detail = `not opened unattended: the URL may not go where it seems (${codes}); --allow-deceptive-urls opens it anyway`;
      say(`cancel (unsafe-url): ${detail}`);
      return { outcome: cancelOutcome('unsafe-url', detail) };
    }
    say(`accept (${consent})`);
    return urlChoiceOutcome('open');
  }

  /** The entries no elicitation used, with their index (a replay whose server stopped asking). */
  get unusedAnswers(): readonly UnusedAnswer[] {
    return this.#answers.flatMap((answer, index) => (this.#used[index] ? [] : [{ index, answer }]));
  }

  /** True when an answers entry is meant for URL mode (`mode: "url"`): the CLI then declares it. */
  get answersUrlMode(): boolean {
    return this.#answers.some((answer) => answer.mode === 'url');
  }

  /** Names of every field of every form asked so far (the CLI warns about `--set` keys that match none). */
  get fieldsSeen(): ReadonlySet<string> {
    return this.#fieldsSeen;
  }

  /** No person to wait for: the opener command having exited stands for "done" (auto waiter). */
  waitForUrl(info: UrlWaitInfo, signal: AbortSignal): Promise<UrlWaitChoice> {
    return this.#waiter.wait(info, signal);
  }

  /** Answers that apply to every elicitation, form or URL: withdrawn, --cancel, --decline. */
  #blanket(
    ctx: PromptContext,
    say: (verdict: string) => void,
  ): { readonly outcome: CancelOutcome | DeclineOutcome } | undefined {
    if (ctx.signal.aborted) {
      return { outcome: endedOutcome(withdrawnEnding(ctx.signal)) };
    }
    if (this.#options.cancel) {
      say('cancel (--cancel)');
      return { outcome: cancelOutcome('scripted-cancel', '--cancel answers every elicitation cancel') };
    }
    if (this.#options.decline) {
      say('decline (--decline)');
      return { outcome: declineOutcome() };
    }
    return undefined;
  }

  notice(notice: RendererNotice): void {
    const server = sanitizeText(notice.server.label, { maxLength: 100 });
    this.#options.log?.(
      `[scripted] ${server}: ${notice.kind}: ${sanitizeText(notice.message, { maxLength: 300 })}`,
    );
  }

  #accept(
    prompt: FormPrompt,
    say: (verdict: string) => void,
    answer: ScriptedAnswer,
    source: string,
  ): FormAnswer {
    // A script answers from the defaults, never from a draft an interrupted prompt left behind.
    const session = new FormSession({ ...prompt, initial: initialDraft(prompt.model).draft });
    const problem = fillForm(session, {
      sets: this.#sets,
      content: answer.content ?? {},
      supply: answer.supply ?? [],
      env: this.#options.env ?? {},
      allowEnv: this.#allowEnv,
      label: source,
      // Names only: which variable a shared file sent, for the run's record; never the value.
      onEnvRead: (variable, field) =>
        say(`${source}.content.${field}: read from the environment variable ${variable}`),
    });
    if (problem !== undefined) {
      say(`cancel (invalid-answer): ${problem}`);
      return { outcome: cancelOutcome('invalid-answer', problem) };
    }
    if (!session.satisfiable) {
      const detail = 'no answer can satisfy this form';
      say(`cancel (unsatisfiable): ${detail}`);
      return { outcome: cancelOutcome('unsatisfiable', detail) };
    }
    const submitted = session.submit();
    if (submitted.kind !== 'accepted') {
      const issues = submitted.kind === 'refused' ? submitted.issues : [];
      const detail = `${source} does not fit the form: ${issues.map((issue) => issue.message).join(' ')}`;
      say(`cancel (invalid-answer): ${detail}`);
      return { outcome: cancelOutcome('invalid-answer', detail) };
    }
    if (this.#options.log) {
      // Field names only: content is user data and stays out of logs.
      const names = session.fields
        .map((field) => field.name)
        .filter((name) => Object.hasOwn(submitted.content, name));
      say(
        `accept (${source})${names.length > 0 ? `: ${names.map((name) => sanitizeText(name)).join(', ')}` : ''}`,
      );
    }
    return submitted.ending;
  }

  #take(asked: AskedElicitation): { answer: ScriptedAnswer; label: string } | undefined {
    for (const [index, answer] of this.#answers.entries()) {
      if (this.#used[index] || !answerApplies(answer, asked)) continue;
      this.#used[index] = true;
      return { answer, label: `answers[${index}]` };
    }
    return undefined;
  }

  #log(ctx: PromptContext, message: string, verdict: string): void {
    if (!this.#options.log) return;
    const server = sanitizeText(ctx.server.label, { maxLength: 100 });
    const asked = sanitizeText(message, { maxLength: 80 });
    this.#options.log?.(`[scripted] ${server} asks "${asked}": ${verdict}`);
  }
}
