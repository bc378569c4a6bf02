// A Renderer that sends each prompt to whoever answers it: the host (a real elicitation/create on
// the host's session) or the proxy's own front-end. The adapter around it still checks requests,
// validates the host's answer against the schema and fails closed, as for any front-end.

import { randomUUID } from 'node:crypto';
import type { ElicitResult } from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';
import type { OverRateChoice, OverRateInfo } from '../contracts/over-rate.js';
import type { ElicitationMode } from '../contracts/protocol.js';
import type {
  FormAnswer,
  FormPrompt,
  PromptContext,
  Renderer,
  RendererNotice,
  UrlAnswer,
  UrlPrompt,
} from '../contracts/renderer.js';
import type { UrlWaitChoice, UrlWaitInfo } from '../contracts/url-step.js';
import { acceptedOutcome, cancelOutcome, declineOutcome } from '../core/choice-outcome.js';
import type { FormContent } from '../core/form-model.js';
import { sanitizeText } from '../core/sanitize.js';
import type { RoutePlan } from './elicit-route.js';
import { overRateChoice, overRateQuestion } from './host-over-rate.js';
import { DEFAULT_READ_MS, instantRefusal } from './host-refusal.js';
import { hostFit, prefilledFromHost, unfitOutcome } from './host-unfit.js';
import { modelToSchema } from './model-schema.js';
import { PersonWaiting } from './person-waiting.js';

/** Sends one elicitation/create to the host and returns its answer. */
export type AskHost = (params: Record<string, unknown>, signal: AbortSignal) => Promise<ElicitResult>;

/** How long the proxy waits after a host consented to a URL before retrying (no completion signal). */
export const HOST_URL_PAUSE_MS = 2_000;

export class RoutingRenderer implements Renderer {
  readonly name: string;
  readonly interactive: boolean;
  /** URLs the host consented to: the host opens and waits for them, not the proxy. */
  readonly #hostUrls = new Set<string>();
  /** Upstream elicitation ids of URL steps the host accepted: their completion is the host's too. */
  readonly #hostIds = new Set<string>();
  /** "This server keeps asking": asked in the proxy's own front-end when it answers some mode. */
  readonly overRate?: (info: OverRateInfo, ctx: PromptContext) => Promise<OverRateChoice>;

  readonly #self: Renderer;
  readonly #plan: RoutePlan;
  readonly #askHost: AskHost;
  readonly #log: (line: string) => void;
  readonly #person: PersonWaiting;
  readonly #readMs: number;

  constructor(
    self: Renderer,
    plan: RoutePlan,
    askHost: AskHost,
    log: (line: string) => void,
    /** Raised while the proxy's own front-end asks someone (keep-alive, host-gave-up). */
    person: PersonWaiting = new PersonWaiting(false),
    /** Under `auto`, a host refusal sooner than this after the question is not a person's (H-32). */
    readMs = DEFAULT_READ_MS,
  ) {
    this.#self = self;
    this.#plan = plan;
    this.#askHost = askHost;
    this.#log = log;
    this.#person = person;
    this.#readMs = readMs;
    this.name = `proxy(${self.name})`;
    this.interactive = self.interactive || plan.route('url') === 'host';
    // Asked where the person is: the host when it answers forms, else our front-end when it answers
    // some mode; otherwise (nobody to ask) a prompt over the rate is cancelled at once.
    const selfAnswers = plan.route('form') === 'self' || plan.route('url') === 'self';
    if (plan.route('form') === 'host') this.overRate = (info, ctx) => this.#askHostOverRate(info, ctx);
    else if (selfAnswers && self.overRate) {
      const ask = self.overRate.bind(self);
      this.overRate = (info, ctx) => this.#person.during(ctx, (c) => ask(info, c));
    }
  }

  async form(prompt: FormPrompt, ctx: PromptContext): Promise<FormAnswer> {
    const who = this.#plan.route('form');
    if (who === 'self') return this.#person.during(ctx, (c) => this.#self.form(prompt, c));
    if (who === 'nobody') return { outcome: noAnswer('nobody can answer form-mode requests here') };
    const params = { mode: 'form', message: prompt.message, requestedSchema: modelToSchema(prompt.model) };
    const since = performance.now();
    const result = await this.#ask(params, ctx.signal);
    if (!result.ok && result.unroutable && this.#plan.fallback('form')) {
      this.#log(`${result.error}; asking here instead`);
      return this.#person.during(ctx, (c) => this.#self.form(prompt, c));
    }
    if (!result.ok) return { outcome: notAsked(result) };
    const answer = result.value;
    if (answer.action === 'accept')
      return this.#hostAccepted(prompt, ctx, this.#declaredOnly(prompt, answer.content ?? {}));
    if (this.#setAside(answer.action, since, 'form', ctx))
      return this.#person.during(ctx, (c) => this.#self.form(prompt, c));
    if (answer.action === 'decline') return { outcome: declineOutcome() };
    return { outcome: cancelOutcome('dismissed', 'the host cancelled the form') };
  }

  async url(prompt: UrlPrompt, ctx: PromptContext): Promise<UrlAnswer> {
    const who = this.#plan.route('url');
    const own = this.#self.url?.bind(this.#self);
    if (who === 'self' && own) return this.#person.during(ctx, (c) => own(prompt, c));
    if (who !== 'host') return { outcome: noAnswer('nobody can answer URL-mode requests here') };
    const params = {
      mode: 'url',
      message: prompt.message,
      url: prompt.analysis.href,
      // A 2026-07-28 server sends no id; the host's 2025 session needs one.
      elicitationId: prompt.elicitationId ?? randomUUID(),
    };
    const since = performance.now();
    const result = await this.#ask(params, ctx.signal);
    if (!result.ok && result.unroutable && own && this.#plan.fallback('url')) {
      this.#log(`${result.error}; asking here instead`);
      return this.#person.during(ctx, (c) => own(prompt, c));
    }
    if (!result.ok) return { outcome: notAsked(result) };
    const action = result.value.action;
    if (own && this.#setAside(action, since, 'url', ctx))
      return this.#person.during(ctx, (c) => own(prompt, c));
    if (action === 'accept') {
      this.#hostUrls.add(prompt.analysis.href);
      if (prompt.elicitationId !== undefined) this.#hostIds.add(prompt.elicitationId);
    }
    return {
      outcome:
        action === 'cancel' ? { action, reason: 'dismissed', detail: 'the host cancelled' } : { action },
    };
  }

  /** Whether the host accepted the URL step with this upstream id (once: a completion ends it). */
  takeHostCompletion(elicitationId: string): boolean {
    return this.#hostIds.delete(elicitationId);
  }

  /** The opener for consented pages: the host opened its own; the proxy's front-end opens the rest. */
  openedByHost(url: string): boolean {
    return this.#hostUrls.has(url);
  }

  async waitForUrl(info: UrlWaitInfo, signal: AbortSignal): Promise<UrlWaitChoice> {
    const wait = this.#self.waitForUrl?.bind(this.#self);
    if (!this.#hostUrls.has(info.url))
      return wait ? this.#person.during({ signal }, (c) => wait(info, c.signal)) : 'done';
    // The host shows its own waiting state and tells the proxy nothing more: wait for the server's
    // completion notification (2025) or a pause, then let the server say whether it is done.
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve('done'), HOST_URL_PAUSE_MS);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve('cancel');
      });
    });
  }

  notice(notice: RendererNotice): void {
    this.#self.notice?.(notice);
  }

  async close(): Promise<void> {
    await this.#self.close?.();
  }

  /**
   * The host's content without keys the schema does not name: 2020-12 allows them (and without
   * them `additionalProperties: false` holds too), so the person's answer is not lost for them.
   */
  #declaredOnly(prompt: FormPrompt, content: Record<string, unknown>): FormContent {
    const names = new Set(prompt.model.fields.map((f) => f.name));
    const kept = Object.entries(content).filter(([key]) => names.has(key));
    const dropped = Object.keys(content).filter((key) => !names.has(key));
    if (dropped.length > 0) {
      const shown = dropped.slice(0, 10).map((key) => JSON.stringify(sanitizeText(key, { maxLength: 60 })));
      const more = dropped.length > 10 ? ` and ${dropped.length - 10} more` : '';
      this.#log(`the host's answer named keys the schema does not; dropped: ${shown.join(', ')}${more}`);
    }
    return Object.fromEntries(kept) as FormContent;
  }

  /** Still checked again by the adapter (fail closed); content that does not fit is handled here. */
  async #hostAccepted(prompt: FormPrompt, ctx: PromptContext, content: FormContent): Promise<FormAnswer> {
    const fit = hostFit(prompt, content);
    if (fit.ok) return { outcome: acceptedOutcome(content) };
    if (!this.#plan.fallback('form')) {
      this.#log(`the host's answer did not fit the form, so it was refused: ${fit.problems}`);
      return unfitOutcome(fit.problems);
    }
    this.#log(`the host's answer did not fit the form (${fit.problems}); asking here instead`);
    return this.#person.during(ctx, (c) => this.#self.form(prefilledFromHost(prompt, content), c));
  }

  /** Under `auto`: the host refused faster than a person can read the question, so we ask (H-32). */
  #setAside(
    action: ElicitResult['action'],
    since: number,
    mode: ElicitationMode,
    ctx: PromptContext,
  ): boolean {
    const ms = Math.round(performance.now() - since);
    const refused = this.#plan.fallback(mode) ? instantRefusal(action, ms, this.#readMs) : undefined;
    if (!refused) return false;
    const answeredBy = this.#self.interactive ? 'person' : 'scripted';
    const here = answeredBy === 'person' ? "in the proxy's own page" : 'from the scripted answers';
    this.#log(
      `the host answered ${refused} ${ms} ms after the ${mode} question, sooner than a person can read it; answering ${here} instead`,
    );
    ctx.hostRefused?.({ action: refused, ms, answeredBy });
    return true;
  }

  async #askHostOverRate(info: OverRateInfo, ctx: PromptContext): Promise<OverRateChoice> {
    const result = await this.#ask(overRateQuestion(info, ctx), ctx.signal);
    return result.ok ? overRateChoice(result.value) : 'cancel';
  }

  async #ask(
    params: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<{ ok: true; value: ElicitResult } | NotAsked> {
    try {
      return { ok: true, value: await this.#askHost(params, signal) };
    } catch (error) {
      // A 2026 host with several calls open, none of them named by the server's request (H-31).
      const unroutable = error instanceof ElicitError && error.code === 'unroutable';
      const message = unroutable
        ? `not asked in any of the host's calls: ${error.message}`
        : `the host could not answer: ${(error as Error).message}`;
      if (!unroutable || !this.#plan.fallback('form')) this.#log(message);
      return { ok: false, error: message, unroutable };
    }
  }
}

/** The host was not asked, or could not answer. */
interface NotAsked {
  readonly ok: false;
  readonly error: string;
  /** Nothing ties the server's request to one host call: no call's round may carry it. */
  readonly unroutable: boolean;
}

function notAsked(result: NotAsked) {
  if (!result.unroutable) return noAnswer(result.error);
  return cancelOutcome('unattributable', result.error);
}

function noAnswer(detail: string) {
  return cancelOutcome('no-answer', detail);
}
