// The form page: a native <form method=post> that works without JavaScript. Problems appear under
// their fields (linked with aria-describedby, aria-invalid) and focus goes to the first one;
// `novalidate`: the engine's summary lists every problem at once, not the browser's first bubble.
import type { FormSession } from '../../../core/form-session.js';
import type { Asker } from '../entry.js';
import { type Html, html, serverText } from '../escape.js';
import { controlName, controlValue } from '../form-values.js';
import { fieldBlock } from './field-controls.js';
import { formRulesNote } from './field-hints.js';
import { askerHeader, muteLabel } from './header.js';
import { layout } from './layout.js';

export interface FormPageInput {
  readonly title: string;
  readonly asker: Asker;
  readonly session: FormSession;
  readonly message: string;
  readonly nonce: string;
  readonly alsoWaiting: number;
  readonly entry: string;
}

export function formPage(input: FormPageInput): Html {
  const s = input.session;
  const fields = s.fields;
  const shown = fields.map((field) => (s.visibleIssue(field.name) ? s.fieldIssues(field.name) : []));
  const firstBad = shown.findIndex((issues) => issues.length > 0);
  const general = s.reviewed ? s.issues().filter((i) => !fields.some((f) => f.name === i.field)) : [];
  const listed = [...shown.flat(), ...general];
  const blocks = fields.map((field, index) =>
    fieldBlock({
      field,
      index,
      raw: controlValue(s, field.name),
      errors: (shown[index] ?? []).map((i) => i.message),
      defaulted: s.isDefault(field.name),
      focus: index === firstBad,
    }),
  );
  const primary = !s.satisfiable
    ? ''
    : s.confirmation
      ? html`<button type="submit" name="action" value="submit" class="primary">Submit</button>`
      : html`<button type="submit" name="action" value="review" class="primary">Review answers</button>`;
  const body = html`${askerHeader(input.asker, input.title, input.alsoWaiting, input.message)}
${s.restored ? html`<p class="notice">Restored your earlier answers.</p>` : ''}
${
  listed.length > 0
    ? html`<div class="summary" id="summary" role="alert"><p>${listed.length === 1 ? 'One answer needs' : `${listed.length} answers need`} your attention:</p><ul>${listed.map(
        (i) => {
          const at = fields.findIndex((f) => f.name === i.field);
          return html`<li>${at >= 0 ? html`<a href="#${controlName(at)}">${i.message}</a>` : serverText(i.message, 500)}</li>`;
        },
      )}</ul></div>`
    : ''
}
${s.satisfiable ? '' : html`<p class="warn">This form can never be completed as the server defined it. You can only decline or cancel.</p>`}
${s.confirmation ? html`<p>The server asks for a confirmation only: nothing else is sent.</p>` : ''}
<form method="post" action="/answer" id="form" class="form" data-check="/check" novalidate>
<input type="hidden" name="nonce" value="${input.nonce}">
<input type="hidden" name="step" value="edit">
${formRulesNote(s.model)}
${blocks}
<div class="actions">
${primary}
<button type="submit" name="action" value="decline">Decline</button>
<button type="submit" name="action" value="cancel">Cancel</button>
<button type="submit" name="action" value="mute">${muteLabel(input.asker)}</button>
</div>
</form>`;
  return layout({
    title: input.title,
    body,
    entry: input.entry,
    waiting: input.asker.waiting() + input.alsoWaiting,
  });
}
