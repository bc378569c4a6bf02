// Draws a FormController: one widget per field type, then the review screen (C-03).
import type { FormPrompt, PromptContext } from '../../contracts/renderer.js';
import type { Field, FieldValue, MultiSelectField, NumberField, TextField } from '../../core/form-model.js';
import { sanitizeText } from '../../core/sanitize.js';
import type { ButtonId, FormController, Item } from './form-controller.js';
import {
  type BodyLine,
  buttonLines,
  compose,
  type Frame,
  headerLines,
  messageLines,
  rule,
  type Size,
  serverName,
} from './frame.js';
import { type Line, type Segment, seg } from './style.js';
import { charWidth, padTo, textWidth, truncate, wrap } from './text-layout.js';

const MASK = '•';

function clean(text: string, max = 200): string {
  return sanitizeText(text, { maxLength: max });
}

/** Names the server when its name is short; the header always names it in full. */
export function muteLabel(ctx: PromptContext): string {
  const name = serverName(ctx);
  return textWidth(name) <= 14 ? `Cancel all from ${name}` : 'Cancel all from this server';
}

function buttonLabel(id: ButtonId, ctx: PromptContext): string {
  switch (id) {
    case 'review':
      return 'Review answers';
    case 'submit':
      return 'Submit';
    case 'edit':
      return 'Edit';
    case 'decline':
      return 'Decline';
    case 'cancel':
      return 'Cancel';
    case 'mute':
      return muteLabel(ctx);
  }
}

function keyHint(item: Item | undefined, field: Field | undefined): string {
  const end = 'Esc cancel';
  if (item === undefined) return end;
  switch (item.kind) {
    case 'button':
      return `←→ choose button · Enter press · ↑ back · ${end}`;
    case 'review-row':
      return `↑↓ move · Enter change this answer · Tab to buttons · ${end}`;
    case 'option':
      return field?.kind === 'multi-select'
        ? `↑↓ move · Space tick/untick · Tab next field · PgDn buttons · ${end}`
        : `↑↓ move · Space/Enter choose · Tab next field · PgDn buttons · ${end}`;
    case 'field':
      if (field?.kind === 'boolean') return `Space or y/n set · Tab/↓ next · ↑ back · PgDn buttons · ${end}`;
      return `Type to edit · Tab/Enter/↓ next · ↑ back · PgDn buttons · ${end}`;
  }
}

function numberHint(field: NumberField): string {
  const kind = field.integer ? 'whole number' : 'number';
  const { minimum: min, maximum: max } = field;
  if (min !== undefined && max !== undefined) return `${kind} ${min}–${max}`;
  if (min !== undefined) return `${kind} ≥ ${min}`;
  if (max !== undefined) return `${kind} ≤ ${max}`;
  return kind;
}

function textHint(field: TextField, length: number, valid: boolean): string {
  const parts: string[] = [];
  // A tick once the typed text has the expected format: live feedback, not only errors.
  const tick = valid && length > 0 ? ' ✓' : '';
  if (field.format === 'date') parts.push(`YYYY-MM-DD${tick}`);
  if (field.format === 'date-time') parts.push(`YYYY-MM-DDThh:mm:ssZ${tick}`);
  if (field.format === 'email') parts.push(`email${tick}`);
  if (field.format === 'uri') parts.push(`URL${tick}`);
  if (field.maxLength !== undefined) parts.push(`${length}/${field.maxLength} chars`);
  else if (field.minLength !== undefined) parts.push(`${length} chars, min ${field.minLength}`);
  return parts.join(' · ');
}

function placeholder(field: TextField | NumberField): string {
  if (field.kind === 'number') return field.integer ? 'e.g. 42' : 'e.g. 3.5';
  switch (field.format) {
    case 'date':
      return 'e.g. 2026-12-31';
    case 'date-time':
      return 'e.g. 2026-12-31T17:30:00Z';
    case 'email':
      return 'e.g. name@example.com';
    case 'uri':
      return 'e.g. https://example.com/';
    default:
      return '';
  }
}

function multiHint(field: MultiSelectField, count: number): string {
  const { minItems: min, maxItems: max } = field;
  let rule = 'choose any';
  if (min !== undefined && max !== undefined)
    rule = min === max ? `choose ${min}` : `choose ${min} to ${max}`;
  else if (min !== undefined) rule = `choose at least ${min}`;
  else if (max !== undefined) rule = `choose up to ${max}`;
  return `${rule} (${count} chosen)`;
}

// Controls and bidi overrides inside an input's value (a server default, a paste) are shown as
// U+FFFD one for one, so the caret stays aligned and nothing reaches the terminal live.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_CHAR = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The visible slice of an input's text around the caret, and the caret's column within it. */
function inputWindow(text: string, caret: number, width: number): { shown: string; col: number } {
  const chars = [...text].map((ch) => (UNSAFE_CHAR.test(ch) ? '\ufffd' : ch));
  let start = 0;
  const widthOf = (from: number, to: number) => chars.slice(from, to).reduce((w, c) => w + charWidth(c), 0);
  while (widthOf(start, caret) > width - 1) start++;
  let shown = '';
  let used = 0;
  for (const ch of chars.slice(start)) {
    if (used + charWidth(ch) > width) break;
    shown += ch;
    used += charWidth(ch);
  }
  return { shown, col: widthOf(start, caret) };
}

function displayValue(ctrl: FormController, field: Field, value: FieldValue | undefined): string {
  if (value === undefined) return '(empty)';
  if (ctrl.sensitive.has(field.name) && (field.kind === 'text' || field.kind === 'number')) {
    return MASK.repeat(Math.min(12, [...String(value)].length));
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field.kind === 'single-select' || field.kind === 'multi-select') {
    const list = Array.isArray(value) ? value : [value];
    if (list.length === 0) return '(none)';
    return list
      .map((v) => clean(field.options.find((o) => o.value === v)?.label ?? String(v), 60))
      .join(', ');
  }
  return clean(String(value), 400);
}

function fieldBlock(ctrl: FormController, index: number, items: Item[], width: number): BodyLine[] {
  const field = ctrl.fields[index];
  if (field === undefined) return [];
  const focusedItem = ctrl.focused();
  const focusIndex = ctrl.focus;
  const own = (pred: (i: Item) => boolean) => items.findIndex(pred);
  const fieldItem = own((i) => i.kind === 'field' && i.field === index);
  const isFocused = focusedItem !== undefined && 'field' in focusedItem && focusedItem.field === index;
  const lines: BodyLine[] = [];
  const group = index;
  const marker = isFocused ? seg('› ', 'focus') : seg('  ');
  const label: Segment[] = [
    marker,
    seg(clean(field.label, 120), isFocused ? 'focus' : 'bold'),
    field.required ? seg(' (required)', 'warn') : seg(' (optional)', 'dim'),
  ];
  if (field.kind === 'multi-select') {
    const value = ctrl.value(field);
    label.push(seg(` — ${multiHint(field, Array.isArray(value) ? value.length : 0)}`, 'dim'));
  }
  if (field.kind === 'single-select') label.push(seg(' — choose one', 'dim'));
  lines.push({ line: label, group, ...(fieldItem >= 0 ? { item: fieldItem } : {}) });
  if (field.description) {
    for (const l of wrap(sanitizeText(field.description, { multiline: true, maxLength: 1000 }), width - 4)) {
      lines.push({ line: [seg('    '), seg(l, 'dim')], group });
    }
  }
  const sensitive = ctrl.sensitive.get(field.name);
  if (sensitive) {
    wrap(`⚠ ${sensitive.message}`, width - 4).forEach((l) => {
      lines.push({ line: [seg('    '), seg(l, 'warn')], group });
    });
  }
  const tag = ctrl.isDefault(field) ? seg(' (default)', 'dim') : seg('');
  if (field.kind === 'text' || field.kind === 'number') {
    const text = ctrl.text(field.name);
    const length = [...text].length;
    const formatOk = !ctrl.issues().some((i) => i.field === field.name && i.code === 'format');
    const hint = field.kind === 'number' ? numberHint(field) : textHint(field, length, formatOk);
    const hintText = [hint, ctrl.isDefault(field) ? 'default' : ''].filter((h) => h !== '').join(' · ');
    const boxWidth = Math.max(8, Math.min(44, width - 38));
    const visible = sensitive ? MASK.repeat(length) : text;
    // Masking keeps one character per character, so the caret position is the same.
    const { shown, col } = inputWindow(visible, ctrl.caret(field.name), boxWidth);
    const empty = text === '' ? placeholder(field) : '';
    const inner = empty !== '' ? seg(padTo(empty, boxWidth), 'dim') : seg(padTo(shown, boxWidth));
    const line: Line = [seg('    ['), inner, seg(']'), seg(hintText ? `  ${hintText}` : '', 'dim')];
    const focusHere = fieldItem === focusIndex;
    lines.push({ line, group, item: fieldItem, ...(focusHere ? { caret: 5 + col } : {}) });
  } else if (field.kind === 'boolean') {
    const value = ctrl.value(field);
    const yes = value === true ? '(•) Yes' : '( ) Yes';
    const no = value === false ? '(•) No' : '( ) No';
    const unset = value === undefined ? seg('   not set', 'dim') : seg('');
    lines.push({ line: [seg(`    ${yes}   ${no}`), unset, tag], group, item: fieldItem });
  } else {
    const value = ctrl.value(field);
    const chosen = new Set(Array.isArray(value) ? value : value === undefined ? [] : [value]);
    field.options.forEach((option, o) => {
      const item = own((i) => i.kind === 'option' && i.field === index && i.option === o);
      const on = chosen.has(option.value);
      const box = field.kind === 'multi-select' ? (on ? '[x]' : '[ ]') : on ? '(•)' : '( )';
      const focusHere = item === focusIndex;
      const line: Segment[] = [
        seg(focusHere ? '  › ' : '    ', 'focus'),
        seg(`${box} `),
        seg(clean(option.label, 120), focusHere ? 'focus' : 'plain'),
      ];
      if (on && ctrl.isDefault(field)) line.push(tag);
      lines.push({ line, group, item });
    });
  }
  const issue = ctrl.visibleIssue(field);
  if (issue) {
    for (const l of wrap(`✗ ${clean(issue.message, 300)}`, width - 4)) {
      lines.push({ line: [seg('    '), seg(l, 'error')], group });
    }
  }
  lines.push({ line: [], group });
  return lines;
}

function reviewBody(ctrl: FormController, items: Item[], width: number): BodyLine[] {
  const lines: BodyLine[] = [];
  if (ctrl.fields.length === 0) {
    lines.push({ line: [seg('This request has no fields: Submit only says yes; nothing else is sent.')] });
    return lines;
  }
  lines.push({ line: [seg('Check your answers before they are sent. Enter on a line changes it.', 'bold')] });
  lines.push({
    line: [seg('Submit sends them; Decline says no to the request; Cancel dismisses it.', 'dim')],
  });
  lines.push({ line: [] });
  const labelWidth = Math.min(
    Math.floor(width * 0.35),
    Math.max(...ctrl.fields.map((f) => textWidth(clean(f.label, 60)))) + 1,
  );
  const issues = ctrl.issues();
  ctrl.fields.forEach((field, index) => {
    const item = items.findIndex((i) => i.kind === 'review-row' && i.field === index);
    const focusHere = item === ctrl.focus;
    const value = ctrl.value(field);
    const shown = displayValue(ctrl, field, value);
    const issue = issues.find((i) => i.field === field.name);
    const line: Line = [
      seg(focusHere ? '› ' : '  ', 'focus'),
      seg(padTo(clean(field.label, 60), labelWidth), focusHere ? 'focus' : 'bold'),
      seg(' '),
      seg(truncate(shown, Math.max(4, width - labelWidth - 14)), value === undefined ? 'dim' : 'plain'),
      ctrl.isDefault(field) ? seg(' (default)', 'dim') : seg(''),
      ctrl.sensitive.has(field.name) ? seg(' ⚠ secret?', 'warn') : seg(''),
    ];
    lines.push({ line, item, group: index });
    if (issue) {
      for (const l of wrap(`✗ ${clean(issue.message, 300)}`, width - 4)) {
        lines.push({ line: [seg('    '), seg(l, 'error')], item, group: index });
      }
    }
  });
  const formIssue = issues.find((i) => i.field === undefined);
  if (formIssue) lines.push({ line: [seg(`✗ ${clean(formIssue.message, 300)}`, 'error')] });
  return lines;
}

export function formFrame(ctrl: FormController, prompt: FormPrompt, ctx: PromptContext, size: Size): Frame {
  const width = size.columns - 1;
  const extra: Line[] = [];
  if (prompt.restored) extra.push([seg('↺ Restored your earlier answers.', 'ok')]);
  const cap = size.rows <= 24 ? 3 : Math.floor(size.rows / 6);
  const message = messageLines(prompt.message, width, cap);
  extra.push(...message.lines, rule(width));
  const items = ctrl.items();
  const body: BodyLine[] = [];
  if (message.cut) {
    for (const l of wrap(sanitizeText(prompt.message, { multiline: true, maxLength: 4000 }), width)) {
      body.push({ line: [seg(l)] });
    }
    body.push({ line: [] });
  }
  if (!ctrl.satisfiable) {
    const text = 'This form can never be completed as the server defined it; you can only Decline or Cancel.';
    for (const l of wrap(text, width)) body.push({ line: [seg(l, 'error')] });
    body.push({ line: [] });
  }
  if (ctrl.screen === 'form') {
    ctrl.fields.forEach((_, index) => {
      body.push(...fieldBlock(ctrl, index, items, width));
    });
  } else {
    body.push(...reviewBody(ctrl, items, width));
  }
  const title = ctrl.screen === 'review' ? 'Review before sending to' : 'Form request from';
  const status: Line = ctrl.status
    ? [seg(ctrl.status.text, ctrl.status.tone === 'error' ? 'error' : 'ok')]
    : [];
  const buttons = buttonLines(
    ctrl.buttons().map((id) => {
      const index = items.findIndex((i) => i.kind === 'button' && i.id === id);
      return { label: buttonLabel(id, ctx), focused: index === ctrl.focus };
    }),
    width,
  );
  const focused = ctrl.focused();
  const field = focused && 'field' in focused ? ctrl.fields[focused.field] : undefined;
  const { frame, scroll } = compose(
    {
      header: [...headerLines(title, ctx, width, extra)],
      body,
      focus: ctrl.focus,
      scroll: ctrl.scroll,
      status,
      buttons,
      keys: keyHint(focused, field),
    },
    size,
  );
  ctrl.scroll = scroll;
  return frame;
}
