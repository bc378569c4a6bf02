// Draws one field of the terminal form screen: its label, description, warning, widget (text box,
// yes/no, options) and the issue under it. All server text is sanitized.
import type { MultiSelectField, NumberField, TextField } from '../../core/form-model.js';
import { sanitizeText } from '../../core/sanitize.js';
import type { FormDriver, Item } from './form-driver.js';
import type { BodyLine } from './frame.js';
import { type Line, type Segment, seg } from './style.js';
import { charWidth, padTo, wrap } from './text-layout.js';

/** Shown one for one in place of the characters of a field that looks like it holds a secret. */
export const MASK = '•';

function clean(text: string, max = 200): string {
  return sanitizeText(text, { maxLength: max });
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

export function fieldBlock(ctrl: FormDriver, index: number, items: Item[], width: number): BodyLine[] {
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
    const value = ctrl.session.value(field.name);
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
  const tag = ctrl.session.isDefault(field.name) ? seg(' (default)', 'dim') : seg('');
  if (field.kind === 'text' || field.kind === 'number') {
    const text = ctrl.session.text(field.name);
    const length = [...text].length;
    const formatOk = !ctrl.session.issues().some((i) => i.field === field.name && i.code === 'format');
    const hint = field.kind === 'number' ? numberHint(field) : textHint(field, length, formatOk);
    const hintText = [hint, ctrl.session.isDefault(field.name) ? 'default' : '']
      .filter((h) => h !== '')
      .join(' · ');
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
    const value = ctrl.session.value(field.name);
    const yes = value === true ? '(•) Yes' : '( ) Yes';
    const no = value === false ? '(•) No' : '( ) No';
    const unset = value === undefined ? seg('   not set', 'dim') : seg('');
    // After "No", a bare "(default)" read as "No is the default": name the default value.
    const defaultTag =
      typeof value === 'boolean' && ctrl.session.isDefault(field.name)
        ? seg(`   (default: ${value ? 'Yes' : 'No'})`, 'dim')
        : seg('');
    lines.push({ line: [seg(`    ${yes}   ${no}`), unset, defaultTag], group, item: fieldItem });
  } else {
    const value = ctrl.session.value(field.name);
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
      if (on && ctrl.session.isDefault(field.name)) line.push(tag);
      lines.push({ line, group, item });
    });
  }
  const issue = ctrl.session.visibleIssue(field.name);
  if (issue) {
    for (const l of wrap(`✗ ${clean(issue.message, 300)}`, width - 4)) {
      lines.push({ line: [seg('    '), seg(l, 'error')], group });
    }
  }
  lines.push({ line: [], group });
  return lines;
}
