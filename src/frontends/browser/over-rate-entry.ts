// The "this server keeps asking" question on the page (requirements C-21). Only the person's
// "Show" lets the request through; a closed tab, a timeout or a withdrawal cancel just this one.
import type { OverRateChoice, OverRateInfo } from '../../contracts/over-rate.js';
import { endingSentence } from '../../core/prompt-ending.js';
import { sanitizeText } from '../../core/sanitize.js';
import { overRateText } from '../over-rate.js';
import type { Asker, EndReason, Entry, PageView, PostResult } from './entry.js';
import type { Html } from './escape.js';
import { overRatePage } from './pages/over-rate-page.js';

const SUMMARY: Record<OverRateChoice, string> = {
  mute: 'You muted this server: its requests are cancelled for this session.',
  allow: 'You chose to see the request.',
  cancel: 'You cancelled this request.',
};

export class OverRateEntry implements Entry {
  readonly title: string;
  readonly attention = 'over-rate' as const;

  constructor(
    readonly info: OverRateInfo,
    readonly asker: Asker,
    private readonly resolve: (choice: OverRateChoice) => void,
  ) {
    this.title = `${sanitizeText(asker.server.label, { maxLength: 60 })} keeps asking`;
  }

  page(view: PageView): Html {
    return overRatePage({ ...view, title: this.title, asker: this.asker, text: overRateText(this.info) });
  }

  post(action: string): PostResult {
    if (action !== 'mute' && action !== 'allow' && action !== 'cancel') return { kind: 'stay' };
    this.resolve(action);
    return { kind: 'finished', summary: SUMMARY[action] };
  }

  end(reason: EndReason): string {
    this.resolve('cancel');
    return endingSentence(reason);
  }
}
