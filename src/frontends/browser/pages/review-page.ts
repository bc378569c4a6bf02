// The review step (spec: the person can review and change the answers before sending): every
// answer as a person reads it (secrets masked), then Submit, Edit, Decline, Cancel.
import type { FormSession } from '../../../core/form-session.js';
import { maskedValue } from '../../../core/sensitive.js';
import { formatFieldValue } from '../../../core/value-parse.js';
import type { Asker } from '../entry.js';
import { type Html, html, serverText } from '../escape.js';
import { askerHeader, muteLabel } from './header.js';
import { layout } from './layout.js';

export interface ReviewPageInput {
  readonly title: string;
  readonly asker: Asker;
  readonly session: FormSession;
  readonly message: string;
  readonly nonce: string;
  readonly alsoWaiting: number;
  readonly entry: string;
}

export function reviewPage(input: ReviewPageInput): Html {
  const s = input.session;
  const rows = s.fields.map((field) => {
    const value = s.value(field.name);
    const shown = maskedValue(field, value) ?? formatFieldValue(field, value);
    return html`<div class="row"><dt>${serverText(field.label, 200)}</dt><dd>${shown}${
      s.isDefault(field.name) ? html` <span class="opt">(default)</span>` : ''
    }</dd></div>`;
  });
  const title = `Review before sending to ${serverText(input.asker.server.label, 60)}`;
  const body = html`${askerHeader(input.asker, title, input.alsoWaiting, input.message)}
<p id="review-help">Check your answers. Submit sends them; Edit changes them; Decline says no to the request; Cancel dismisses it.</p>
<dl class="review" aria-describedby="review-help">${rows}</dl>
<form method="post" action="/answer" id="form">
<input type="hidden" name="nonce" value="${input.nonce}">
<input type="hidden" name="step" value="review">
<div class="actions">
<button type="submit" name="action" value="submit" class="primary" autofocus>Submit</button>
<button type="submit" name="action" value="edit">Edit answers</button>
<button type="submit" name="action" value="decline">Decline</button>
<button type="submit" name="action" value="cancel">Cancel</button>
<button type="submit" name="action" value="mute">${muteLabel(input.asker)}</button>
</div>
</form>`;
  return layout({ title, body, entry: input.entry, waiting: input.asker.waiting() + input.alsoWaiting });
}
