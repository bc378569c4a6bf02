// A form on the page, driven by the engine's headless FormSession: every post is applied to it,
// then the page is drawn from it again (edit with problems in place and every value kept, or the
// review). Nothing is sent before the review (spec: the person can review and change answers).

import type { FormAnswer, FormPrompt } from '../../contracts/renderer.js';
import { FormSession } from '../../core/form-session.js';
import { endingOutcome, endingSentence } from '../../core/prompt-ending.js';
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
        // With problems the form stays, each shown in place (core/form-session.ts review()).
        s.review();
        return { kind: 'stay' };
      case 'edit':
        s.edit();
        return { kind: 'stay' };
      case 'submit': {
        if (s.stage !== 'review') {
          // Sent only from the review; a post of the form page opens it.
          s.review();
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
    const { reason: why, detail } = endingOutcome(reason);
    this.resolve(this.session.cancel(why, detail));
    return endingSentence(reason);
  }

  #finish(answer: FormAnswer, summary: string): PostResult {
    this.resolve(answer);
    return { kind: 'finished', summary };
  }
}
