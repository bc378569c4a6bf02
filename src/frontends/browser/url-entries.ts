// URL mode on the page: consent (Open / Decline / Cancel / cancel all) and the waiting state
// after the page was opened (Done / Retry now / Cancel).

import type { UrlAnswer, UrlPrompt } from '../../contracts/renderer.js';
import type { UrlWaitChoice, UrlWaitInfo } from '../../contracts/url-step.js';
import { endedOutcome, urlChoiceOutcome } from '../../core/choice-outcome.js';
import { endingSentence } from '../../core/prompt-ending.js';
import { sanitizeText } from '../../core/sanitize.js';
import { UrlConsent } from '../../core/url-consent.js';
import { analyzeUrl, type UrlAnalysis } from '../../core/url-safety.js';
import type { Asker, EndReason, Entry, PageView, PostResult } from './entry.js';
import type { Html } from './escape.js';
import { consentPage, linkable, waitPage } from './pages/url-pages.js';

export class ConsentEntry implements Entry {
  readonly title: string;
  readonly attention = 'url' as const;
  /** Core's consent policy: the default button, and whether Open is confirmed first. */
  readonly #consent: UrlConsent;

  constructor(
    readonly prompt: UrlPrompt,
    readonly asker: Asker,
    private readonly resolve: (answer: UrlAnswer) => void,
  ) {
    this.title = `Web page request from ${sanitizeText(asker.server.label, { maxLength: 60 })}`;
    this.#consent = new UrlConsent(prompt.analysis);
  }

  page(view: PageView): Html {
    const { message, analysis } = this.prompt;
    const { policy, confirming } = this.#consent;
    return consentPage({
      ...view,
      title: this.title,
      asker: this.asker,
      message,
      analysis,
      policy,
      confirming,
    });
  }

  post(action: string): PostResult {
    switch (action) {
      case 'open':
        // The person clicked the link (the script tells us) or says they opened it (no script);
        // on a deceptive URL the first "Open anyway…" only shows the link, with the question.
        if (!linkable(this.prompt.analysis)) return { kind: 'stay' };
        if (this.#consent.choose('open') === 'confirm') return { kind: 'stay' };
        return this.#finish(urlChoiceOutcome('open'), 'You opened the page.');
      case 'decline':
        return this.#finish(urlChoiceOutcome('decline'), 'You declined to open the page.');
      case 'cancel':
        return this.#finish(urlChoiceOutcome('cancel'), 'You cancelled the request.');
      case 'mute':
        return this.#finish(
          urlChoiceOutcome('mute'),
          'You cancelled this request and every further one from this server for this session.',
        );
      default:
        return { kind: 'stay' };
    }
  }

  end(reason: EndReason): string {
    this.resolve({ outcome: endedOutcome(reason) });
    return endingSentence(reason);
  }

  #finish(answer: UrlAnswer, summary: string): PostResult {
    this.resolve(answer);
    return { kind: 'finished', summary };
  }
}

export class WaitEntry implements Entry {
  readonly title: string;
  readonly #analysis: UrlAnalysis;

  constructor(
    readonly info: UrlWaitInfo,
    readonly asker: Asker,
    private readonly resolve: (choice: UrlWaitChoice) => void,
  ) {
    this.title = `Waiting for a web page of ${sanitizeText(asker.server.label, { maxLength: 60 })}`;
    this.#analysis = analyzeUrl(info.url, info.server.origin ? { serverOrigin: info.server.origin } : {});
  }

  page(view: PageView): Html {
    const { message, reason } = this.info;
    return waitPage({
      ...view,
      title: this.title,
      asker: this.asker,
      message,
      analysis: this.#analysis,
      reason,
    });
  }

  post(action: string): PostResult {
    if (action === 'done') return this.#finish('done', 'You said the web page step is done.');
    if (action === 'retry') return this.#finish('retry', 'Asked the server again.');
    if (action === 'cancel') return this.#finish('cancel', 'You stopped waiting for the web page.');
    return { kind: 'stay' };
  }

  end(reason: EndReason): string {
    this.resolve('cancel');
    return reason === 'server-cancelled'
      ? 'The web page step finished or was withdrawn by the server.'
      : endingSentence(reason);
  }

  #finish(choice: UrlWaitChoice, summary: string): PostResult {
    this.resolve(choice);
    return { kind: 'finished', summary };
  }
}
