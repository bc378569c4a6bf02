// One control per field type and format, labelled, with its hints, warnings and problems linked by
// aria-describedby. Values are shown exactly as typed; nothing is clamped or cut (no maxlength).
import type {
  Field,
  MultiSelectField,
  NumberField,
  SingleSelectField,
  TextField,
} from '../../../core/form-model.js';
import { sensitiveReason } from '../../../core/sensitive.js';
import { type Html, html, serverText } from '../escape.js';
import { controlName, isDateTime, type RawValue, splitDateTime } from '../form-values.js';
import { fieldHint } from './field-hints.js';
import { zoneOptions } from './time-zones.js';

export interface ControlState {
  readonly field: Field;
  readonly index: number;
  readonly raw: RawValue;
  readonly errors: readonly string[];
  readonly defaulted: boolean;
  /** The first control with a problem gets the focus (no script needed). */
  readonly focus: boolean;
}

/** More options than this and a single choice becomes a drop-down. */
const RADIO_LIMIT = 6;

export function fieldBlock(state: ControlState): Html {
  const { field, index, errors } = state;
  const id = controlName(index);
  const sensitive = sensitiveReason(field);
  const hint = fieldHint(field);
  const described = describedBy(state, id, hint !== '', sensitive !== undefined);
  // The default mark is its own line, so fields without a hint (selects, checkboxes) show it too.
  const notes = html`${field.description ? html`<p class="desc" id="${id}-desc">${serverText(field.description, 1000, true)}</p>` : ''}
${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ''}
${state.defaulted ? html`<p class="hint default" id="${id}-def">Pre-filled with the server’s default</p>` : ''}
${sensitive ? html`<p class="warn" id="${id}-warn">⚠ ${sensitive.message}</p>` : ''}
<div class="error" id="${id}-err" aria-live="polite">${errors.map((e) => html`<p>${e}</p>`)}</div>`;
  const a = { id, described, invalid: errors.length > 0, focus: state.focus };
  switch (field.kind) {
    case 'text':
      return wrap(state, label(field, id), textControl(field, state.raw, a, sensitive !== undefined), notes);
    case 'number':
      return wrap(
        state,
        label(field, id),
        numberControl(field, state.raw, a, sensitive !== undefined),
        notes,
      );
    case 'boolean':
      return group(state, yesNo(state.raw, a, !field.required), notes, 'radiogroup', a);
    case 'single-select':
      return field.options.length <= RADIO_LIMIT
        ? group(state, radios(field, state.raw, a), notes, 'radiogroup', a)
        : wrap(state, label(field, id), dropDown(field, state.raw, a), notes);
    case 'multi-select':
      return group(state, checkboxes(field, state.raw, a), notes, 'group', a);
  }
}

// The ids of the notes that describe a control: description, hint, default mark, warning, problems.
function describedBy(state: ControlState, id: string, hint: boolean, warn: boolean): string {
  return [
    state.field.description ? `${id}-desc` : '',
    hint ? `${id}-hint` : '',
    state.defaulted ? `${id}-def` : '',
    warn ? `${id}-warn` : '',
    state.errors.length > 0 ? `${id}-err` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

interface Attrs {
  readonly id: string;
  readonly described: string;
  readonly invalid: boolean;
  readonly focus: boolean;
}

function labelText(field: Field): Html {
  return html`${serverText(field.label, 200)} <span class="${field.required ? 'req' : 'opt'}">(${field.required ? 'required' : 'optional'})</span>`;
}

function label(field: Field, id: string): Html {
  return html`<label for="${id}">${labelText(field)}</label>`;
}

function wrap(state: ControlState, labelHtml: Html, control: Html, notes: Html): Html {
  return html`<div class="field${state.errors.length > 0 ? ' has-error' : ''}">${labelHtml}${control}${notes}</div>`;
}

// A group of radios or checkboxes: the legend names it; its notes and problems describe the group,
// and a problem marks the whole group invalid (as the page script does when it checks live).
function group(
  state: ControlState,
  controls: Html,
  notes: Html,
  role: 'radiogroup' | 'group',
  a: Attrs,
): Html {
  return html`<fieldset class="field${a.invalid ? ' has-error' : ''}" role="${role}"${
    role === 'radiogroup' && state.field.required ? html` aria-required="true"` : ''
  }${a.described ? html` aria-describedby="${a.described}"` : ''}${a.invalid ? html` aria-invalid="true"` : ''}>
<legend>${labelText(state.field)}</legend>${controls}${notes}</fieldset>`;
}

function common(a: Attrs, required: boolean): Html {
  return html` id="${a.id}" name="${a.id}"${a.described ? html` aria-describedby="${a.described}"` : ''}${
    a.invalid ? html` aria-invalid="true"` : ''
  }${required ? html` aria-required="true"` : ''}${a.focus ? html` autofocus` : ''}`;
}

const INPUT_TYPES = { email: 'email', uri: 'url', date: 'date' } as const;

function textControl(field: TextField, raw: RawValue, a: Attrs, secret: boolean): Html {
  const value = typeof raw === 'string' ? raw : '';
  if (isDateTime(field)) {
    const split = value === '' ? { local: '', zone: 'Z' } : splitDateTime(value);
    if (split) {
      return html`<span class="datetime"><input type="datetime-local" step="1" value="${split.local}"${common(a, field.required)}>
<select name="${a.id}_tz" id="${a.id}_tz" aria-label="Time zone for ${serverText(field.label, 200)}"${value === '' ? html` data-auto-zone` : ''}>${zoneOptions(split.zone)}</select></span>`;
    }
  }
  const type = secret
    ? 'password'
    : field.format && field.format !== 'date-time'
      ? INPUT_TYPES[field.format]
      : 'text';
  return html`<input type="${type}" value="${value}"${common(a, field.required)}${secret ? html` autocomplete="off"` : ''}${
    field.maxLength !== undefined ? html` data-max="${field.maxLength}"` : ''
  }>`;
}

function numberControl(field: NumberField, raw: RawValue, a: Attrs, secret: boolean): Html {
  const value = typeof raw === 'string' ? raw : '';
  if (secret)
    return html`<input type="password" inputmode="decimal" value="${value}"${common(a, field.required)} autocomplete="off">`;
  return html`<input type="number" step="${field.integer ? '1' : 'any'}" inputmode="${field.integer ? 'numeric' : 'decimal'}" value="${value}"${common(a, field.required)}>`;
}

// An optional yes/no also offers "No answer": untouched it is left out, as in every front-end
// (core/defaults.ts), and a choice can be taken back, as Backspace does in the terminal.
function yesNo(raw: RawValue, a: Attrs, optional: boolean): Html {
  const choices = optional ? YES_NO_NONE : YES_NO;
  return html`<span class="choices">${choices.map(
    ([value, text, suffix], i) =>
      html`<label class="choice"><input type="radio" name="${a.id}" id="${a.id}${suffix}" value="${value}"${
        raw === value ? html` checked` : ''
      }${a.focus && i === 0 ? html` autofocus` : ''}> ${text}</label>`,
  )}</span>`;
}

type YesNoChoice = readonly [value: string, text: string, idSuffix: string];
const YES_NO: readonly YesNoChoice[] = [
  ['true', 'Yes', ''],
  ['false', 'No', '-no'],
];
const YES_NO_NONE: readonly YesNoChoice[] = [...YES_NO, ['', 'No answer', '-none']];

function radios(field: SingleSelectField, raw: RawValue, a: Attrs): Html {
  return html`<span class="choices">${field.options.map(
    (option, i) =>
      html`<label class="choice"><input type="radio" name="${a.id}" id="${i === 0 ? a.id : `${a.id}-${i}`}" value="${option.value}"${
        raw === option.value ? html` checked` : ''
      }${a.focus && i === 0 ? html` autofocus` : ''}> ${serverText(option.label, 200)}</label>`,
  )}</span>`;
}

function dropDown(field: SingleSelectField, raw: RawValue, a: Attrs): Html {
  // The first option is an empty "Choose…", so nothing is chosen by accident.
  return html`<select${common(a, field.required)}><option value="">Choose…</option>${field.options.map(
    (option) =>
      html`<option value="${option.value}"${raw === option.value ? html` selected` : ''}>${serverText(option.label, 200)}</option>`,
  )}</select>`;
}

function checkboxes(field: MultiSelectField, raw: RawValue, a: Attrs): Html {
  const ticked = new Set(typeof raw === 'string' ? [] : raw);
  return html`<span class="choices"${field.maxItems !== undefined ? html` data-max-items="${field.maxItems}"` : ''}>${field.options.map(
    (option, i) =>
      html`<label class="choice"><input type="checkbox" name="${a.id}" id="${i === 0 ? a.id : `${a.id}-${i}`}" value="${option.value}"${
        ticked.has(option.value) ? html` checked` : ''
      }${a.focus && i === 0 ? html` autofocus` : ''}> ${serverText(option.label, 200)}</label>`,
  )}</span>`;
}
