// The rules of a field in words (core/describe-rules.ts), shown under its control, and the form's
// own rules above the fields. Text only: the `html` tag escapes it (a rule may quote a server pattern).
import { describeFormRules, describeRules } from '../../../core/describe-rules.js';
import type { Field, FormModel } from '../../../core/form-model.js';
import { type Html, html } from '../escape.js';

/** The hint under a field's control: its rules, and what the control itself cannot say. */
export function fieldHint(field: Field): string {
  const rules = describeRules(field);
  // The control's own words: a number box takes a dot for decimals; a required yes/no has two radios.
  if (field.kind === 'number' && !field.integer) rules.unshift('a number (use a dot for decimals)');
  if (field.kind === 'boolean' && field.required) rules.unshift('answer yes or no');
  if (field.kind === 'multi-select' && rules.length === 0) rules.push('choose any number');
  return upperFirst(rules.join(' · '));
}

/** The form-wide rules (how many fields, which go together), or nothing when there are none. */
export function formRulesNote(model: FormModel): Html | '' {
  const rules = describeFormRules(model);
  if (rules.length === 0) return '';
  return html`<div class="hint form-rules" id="form-rules"><p>This form’s rules:</p><ul>${rules.map((rule) => html`<li>${upperFirst(rule)}</li>`)}</ul></div>`;
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
