// "This server keeps asking: mute it?" (requirements C-21) as a page: Show this request, Cancel
// it, or Mute the server for the session. Nothing of the request itself is shown before "Show".
import type { Asker } from '../entry.js';
import { type Html, html } from '../escape.js';
import { askerHeader } from './header.js';
import { layout } from './layout.js';

export interface OverRatePageInput {
  readonly title: string;
  readonly asker: Asker;
  /** The sentence that says which limit the server went over. */
  readonly text: string;
  readonly nonce: string;
  readonly alsoWaiting: number;
  readonly entry: string;
}

export function overRatePage(input: OverRatePageInput): Html {
  const body = html`${askerHeader(input.asker, input.title, input.alsoWaiting, '')}
<p role="alert">${input.text}</p>
<p>Mute it to cancel its requests for the rest of this session, or look at this one request.</p>
<form method="post" action="/answer" id="form">
<input type="hidden" name="nonce" value="${input.nonce}">
<input type="hidden" name="step" value="over-rate">
<div class="actions">
<button type="submit" name="action" value="mute" class="primary" autofocus>Mute this server</button>
<button type="submit" name="action" value="allow">Show the request</button>
<button type="submit" name="action" value="cancel">Cancel this request</button>
</div>
</form>`;
  return layout({
    title: input.title,
    body,
    entry: input.entry,
    waiting: input.asker.waiting() + input.alsoWaiting,
  });
}
