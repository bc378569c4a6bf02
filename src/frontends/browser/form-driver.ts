// A form on the page, driven by the engine's headless FormSession: every post is applied to it,
// then the page is drawn from it again (edit with problems in place and every value kept, or the
// review). Nothing is sent before the review (spec: the person can review and change answers).

import type { FormAnswer, FormPrompt } from '../../contracts/renderer.js';
import { FormSession } from '../../core/form-session.js';
import type { CancelReason } from '../../core/outcome.js';
import { sanitizeText } from '../../core/sanitize.js';
import type { Asker, EndReason, Entry, PageView, PostResult } from './entry.js';
import type { Html } from './escape.js';
import { controlName, readPosted } from './form-values.js';
import { formPage } from './pages/form-page.js';
import { reviewPage } from './pages/review-page.js';

export class FormDriver implements Entry {
  readonly title: string;
  readonly attention = 'form' as const;
  readonly session: FormSession;

  constructor(
    readonly prompt: FormPrompt,
    readonly asker: Asker,
    private readonly resolve: (answer: FormAnswer) => void,
  ) {
    this.title = `Form request from ${sanitizeText(asker.server.label, { maxLength: 60 })}`;
    this.session = new FormSession(prompt, { widgets: true });
  }

  page(view: PageView): Html {
    const s = this.session;
    // A confirmation (no fields) is answered from its first page.
    if (s.stage === 'review' && !s.confirmation && s.issues().length === 0) {
      return reviewPage({
        ...view,
        title: this.title,
        asker: this.asker,
        session: s,
        message: this.prompt.message,
      });
    }
    return formPage({
      ...view,
      title: this.title,
      asker: this.asker,
      session: s,
      message: this.prompt.message,
    });
  }

  post(action: string, body: URLSearchParams): PostResult {
    const s = this.session;
    if (body.get('step') === 'edit') s.apply(Object.fromEntries(readPosted(s.fields, body)));
    switch (action) {
      case 'review':
        if (s.review().issues.length > 0) s.edit();
        return { kind: 'stay' };
      case 'edit':
        s.edit();
        return { kind: 'stay' };
      case 'submit': {
        if (s.stage !== 'review') {
          // Sent only from the review; a post of the form page opens it.
          if (s.review().issues.length > 0) s.edit();
          return { kind: 'stay' };
        }
        const sent = s.submit();
        if (sent.kind === 'refused') {
          s.edit();
          return { kind: 'stay' };
        }
        return this.#finish(sent.ending, 'Your answers were sent.');
      }
      case 'decline':
        return this.#finish(s.decline(), 'You declined the request.');
      case 'cancel':
        return this.#finish(s.cancel('dismissed'), 'You cancelled the request.');
      case 'mute':
        return this.#finish(
          s.mute(),
          'You cancelled this request and every further one from this server for this session.',
        );
      default:
        return { kind: 'stay' };
    }
  }

  check(body: URLSearchParams): unknown {
    const s = this.session;
    s.apply(Object.fromEntries(readPosted(s.fields, body)));
    const issues: Record<string, string[]> = {};
    s.fields.forEach((field, index) => {
      const messages = s.fieldIssues(field.name).map((i) => i.message);
      if (messages.length > 0) issues[controlName(index)] = messages;
    });
    return { ok: s.issues().length === 0, issues };
  }

  end(reason: EndReason): string {
    const { reason: why, detail } = cancelOf(reason);
    this.resolve(detail === undefined ? this.session.cancel(why) : this.session.cancel(why, detail));
    return endSentence(reason);
  }

  #finish(answer: FormAnswer, summary: string): PostResult {
    this.resolve(answer);
    return { kind: 'finished', summary };
  }
}

/** What a page ended without the person's choice is reported as: each reason says what happened. */
export function cancelOf(reason: EndReason): { readonly reason: CancelReason; readonly detail?: string } {
  switch (reason) {
    case 'timeout':
      return { reason: 'timeout', detail: 'the page was left unanswered' };
    case 'server-cancelled':
      return { reason: 'server-cancelled', detail: 'the server withdrew the request' };
    case 'interrupted':
      return { reason: 'interrupted', detail: 'interrupted with Ctrl-C' };
    case 'tab-closed':
      return { reason: 'tab-closed', detail: 'the browser tab was closed' };
    case 'closed':
      return { reason: 'connection-closed', detail: 'the browser front-end was closed' };
  }
}

export function endSentence(reason: EndReason): string {
  switch (reason) {
    case 'server-cancelled':
      return 'The server withdrew this request. What you typed is kept if it asks again.';
    case 'interrupted':
      return 'You interrupted mcp-elicit (Ctrl-C), so the request was cancelled.';
    case 'timeout':
      return 'The page was left unanswered too long, so the request was cancelled.';
    case 'tab-closed':
      return 'The tab was closed, so the request was cancelled.';
    case 'closed':
      return 'The session ended, so the request was cancelled.';
  }
}
