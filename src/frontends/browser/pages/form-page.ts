// The form page: a native <form method=post> that works without JavaScript. Problems appear under
// their fields (linked with aria-describedby, aria-invalid) and focus goes to the first one.
import type { FieldIssue } from '../../../core/issues.js';
import type { FormPrompt } from '../../renderer.js';
import type { Asker } from '../entry.js';
import { type Html, html, serverText } from '../escape.js';
import { controlName, type RawValue, rawFromValue } from '../form-values.js';
import { fieldBlock } from './field-controls.js';
import { askerHeader, muteLabel } from './header.js';
import { layout } from './layout.js';

export interface FormPageInput {
  readonly title: string;
  readonly asker: Asker;
  readonly prompt: FormPrompt;
  readonly raw: ReadonlyMap<string, RawValue>;
  readonly issues: readonly FieldIssue[];
  readonly nonce: string;
  readonly alsoWaiting: number;
  readonly entry: string;
}

export function formPage(input: FormPageInput): Html {
  const { prompt, issues } = input;
  const fields = prompt.model.fields;
  const general = issues.filter((i) => i.field === undefined || !fields.some((f) => f.name === i.field));
  const firstBad = fields.findIndex((f) => issues.some((i) => i.field === f.name));
  const blocks = fields.map((field, index) => {
    const raw = input.raw.get(field.name) ?? rawFromValue(field, undefined);
    const initial = rawFromValue(field, prompt.initial[field.name]);
    return fieldBlock({
      field,
      index,
      raw,
      errors: issues.filter((i) => i.field === field.name).map((i) => i.message),
      defaulted: prompt.defaulted.has(field.name) && sameRaw(raw, initial),
      focus: index === firstBad,
    });
  });
  const count = issues.length;
  const body = html`${askerHeader(input.asker, input.title, input.alsoWaiting, prompt.message)}
${prompt.restored ? html`<p class="notice">Restored your earlier answers.</p>` : ''}
${
  count > 0
    ? html`<div class="summary" id="summary" role="alert"><p>${count === 1 ? 'One answer needs' : `${count} answers need`} your attention:</p><ul>${issues.map(
        (i) => {
          const at = fields.findIndex((f) => f.name === i.field);
          return html`<li>${at >= 0 ? html`<a href="#${controlName(at)}">${i.message}</a>` : serverText(i.message, 500)}</li>`;
        },
      )}</ul></div>`
    : ''
}
${!prompt.model.satisfiable ? html`<p class="warn">This form can never be completed as the server defined it. You can only decline or cancel.</p>` : ''}
<form method="post" action="/answer" id="form" class="form" data-check="/check">
<input type="hidden" name="nonce" value="${input.nonce}">
<input type="hidden" name="step" value="edit">
${general.length > 0 && count === 0 ? general.map((i) => html`<p class="error">${i.message}</p>`) : ''}
${blocks}
<div class="actions">
${prompt.model.satisfiable ? (fields.length > 0 ? html`<button type="submit" name="action" value="review" class="primary">Review answers</button>` : html`<button type="submit" name="action" value="submit" class="primary">Submit</button>`) : ''}
<button type="submit" name="action" value="decline" formnovalidate>Decline</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
<button type="submit" name="action" value="mute" formnovalidate>${muteLabel(input.asker)}</button>
</div>
</form>`;
  return layout({ title: input.title, body, entry: input.entry });
}

function sameRaw(a: RawValue, b: RawValue): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
