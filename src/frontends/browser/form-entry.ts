// A form on the page: edit → review → submit, with Decline, Cancel and "cancel all from this
// server" at every step. The engine validates every post; the page is rendered again with the
// problems in place and every value kept (including text that did not parse).
import type { Draft, FormContent } from '../../core/form-model.js';
import type { FieldIssue } from '../../core/issues.js';
import { sanitizeText } from '../../core/sanitize.js';
import type { FormAnswer, FormPrompt } from '../renderer.js';
import type { Asker, EndReason, Entry, PageView, PostResult } from './entry.js';
import type { Html } from './escape.js';
import { controlName, type RawValue, rawFromDraft, readPosted, toDraft } from './form-values.js';
import { formPage } from './pages/form-page.js';
import { reviewPage } from './pages/review-page.js';

export class FormEntry implements Entry {
  readonly title: string;
  #raw: Map<string, RawValue>;
  #draft: Draft;
  #step: 'edit' | 'review' = 'edit';
  #issues: readonly FieldIssue[] = [];
  #content: FormContent | undefined;

  constructor(
    readonly prompt: FormPrompt,
    readonly asker: Asker,
    private readonly resolve: (answer: FormAnswer) => void,
  ) {
    this.title = `Form request from ${sanitizeText(asker.server.label, { maxLength: 60 })}`;
    this.#draft = { ...prompt.initial };
    this.#raw = rawFromDraft(prompt.model, prompt.initial);
  }

  page(view: PageView): Html {
    if (this.#step === 'review' && this.#content) {
      return reviewPage({
        ...view,
        title: this.title,
        asker: this.asker,
        prompt: this.prompt,
        content: this.#content,
      });
    }
    return formPage({
      ...view,
      title: this.title,
      asker: this.asker,
      prompt: this.prompt,
      raw: this.#raw,
      issues: this.#issues,
    });
  }

  post(action: string, body: URLSearchParams): PostResult {
    if (body.get('step') === 'edit') this.#read(body);
    switch (action) {
      case 'review':
        return this.#review();
      case 'submit':
        return this.#submit();
      case 'edit':
        this.#step = 'edit';
        this.#issues = [];
        return { kind: 'stay' };
      case 'decline':
        return this.#finish(
          { outcome: { action: 'decline' }, draft: this.#draft },
          'You declined the request.',
        );
      case 'cancel':
        return this.#finish(
          { outcome: { action: 'cancel', reason: 'dismissed' }, draft: this.#draft },
          'You cancelled the request.',
        );
      case 'mute':
        return this.#finish(
          { outcome: { action: 'cancel', reason: 'muted' }, draft: this.#draft, muteServer: true },
          'You cancelled this request and every further one from this server for this session.',
        );
      default:
        return { kind: 'stay' };
    }
  }

  check(body: URLSearchParams): unknown {
    this.#read(body);
    const issues = this.#problems().issues;
    const byControl: Record<string, string[]> = {};
    this.prompt.model.fields.forEach((field, index) => {
      const messages = issues.filter((i) => i.field === field.name).map((i) => i.message);
      if (messages.length > 0) byControl[controlName(index)] = messages;
    });
    return { ok: issues.length === 0, issues: byControl };
  }

  end(reason: EndReason): string {
    const outcome =
      reason === 'timeout'
        ? ({ action: 'cancel', reason: 'timeout', detail: 'the page was left unanswered' } as const)
        : reason === 'server-cancelled'
          ? ({ action: 'cancel', reason: 'server-cancelled' } as const)
          : ({ action: 'cancel', reason: 'dismissed', detail: endDetail(reason) } as const);
    this.resolve({ outcome, draft: this.#draft });
    return endSentence(reason);
  }

  #read(body: URLSearchParams): void {
    this.#raw = readPosted(this.prompt.model, body);
    this.#draft = toDraft(this.prompt.model, this.#raw).draft;
  }

  // Parse problems (text that is not a number, ...) win over the engine's "is required" for the field.
  #problems(): { issues: readonly FieldIssue[]; content?: FormContent } {
    const parsed = toDraft(this.prompt.model, this.#raw);
    const result = this.prompt.validate(parsed.draft);
    if (parsed.issues.length === 0) return result.ok ? { issues: [], content: result.value } : result;
    const unreadable = new Set(parsed.issues.map((i) => i.field));
    const rest = result.ok ? [] : result.issues.filter((i) => !unreadable.has(i.field));
    return { issues: [...parsed.issues, ...rest] };
  }

  // Nothing is sent before the person has seen the review (spec: review and change answers).
  #review(): PostResult {
    const { issues, content } = this.#problems();
    this.#issues = issues;
    this.#content = content;
    this.#step = content ? 'review' : 'edit';
    return { kind: 'stay' };
  }

  #submit(): PostResult {
    // A form without fields has nothing to review; any other form is sent only from its review.
    if (this.#step !== 'review' && this.prompt.model.fields.length > 0) return this.#review();
    const { issues, content } = this.#problems();
    if (!content) {
      this.#issues = issues;
      this.#step = 'edit';
      return { kind: 'stay' };
    }
    return this.#finish({ outcome: { action: 'accept', content } }, 'Your answers were sent.');
  }

  #finish(answer: FormAnswer, summary: string): PostResult {
    this.resolve(answer);
    return { kind: 'finished', summary };
  }
}

function endDetail(reason: EndReason): string {
  return reason === 'tab-closed' ? 'the browser tab was closed' : 'the browser front-end was closed';
}

export function endSentence(reason: EndReason): string {
  switch (reason) {
    case 'server-cancelled':
      return 'The server withdrew this request. What you typed is kept if it asks again.';
    case 'timeout':
      return 'The page was left unanswered too long, so the request was cancelled.';
    case 'tab-closed':
      return 'The tab was closed, so the request was cancelled.';
    case 'closed':
      return 'The session ended, so the request was cancelled.';
  }
}
