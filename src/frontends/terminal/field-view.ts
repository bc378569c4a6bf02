// Draws one field of the terminal form screen: its label, description, warning, widget (text box,
// yes/no, options) and the issue under it. All server text is sanitized.
import { describeRules, FORMAT_RULES } from '../../core/describe-rules.js';
import type {
  BooleanField,
  Field,
  MultiSelectField,
  NumberField,
  SingleSelectField,
  TextField,
} from '../../core/form-model.js';
import { sanitizeText } from '../../core/sanitize.js';
import type { FormDriver, Item } from './form-driver.js';
import type { BodyLine } from './frame.js';
import { type Line, type Segment, seg } from './style.js';
import { charWidth, padTo, textWidth, wrap } from './text-layout.js';

/** Shown one for one in place of the characters of a field that looks like it holds a secret. */
export const MASK = '•';

function clean(text: string, max = 200): string {
  return sanitizeText(text, { maxLength: max });
}

/** The words beside a text or number box: the field's rules (core), a live tick and length count. */
function inputHint(field: TextField | NumberField, length: number, valid: boolean): string[] {
  const rules = describeRules(field);
  if (field.kind === 'number') return field.integer ? rules : ['number', ...rules];
  // A tick once the typed text has the expected format: live feedback, not only errors.
  const tick = valid && length > 0 ? ' ✓' : '';
  const format = field.format === undefined ? undefined : FORMAT_RULES[field.format];
  const words = rules.map((rule) => (rule === format ? `${rule}${tick}` : rule));
  if (field.maxLength !== undefined) words.push(`${length}/${field.maxLength} chars`);
  else if (field.minLength !== undefined) words.push(`${length} chars`);
  return words;
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
  const rules = describeRules(field);
  return `${rules.length > 0 ? rules.join(' · ') : 'choose any'} (${count} chosen)`;
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

/** Where a field's lines go: its focus group and the item of its own row (or -1). */
interface Place {
  readonly group: number;
  readonly item: number;
  readonly focused: boolean;
}

export function fieldBlock(ctrl: FormDriver, index: number, items: Item[], width: number): BodyLine[] {
  const field = ctrl.fields[index];
  if (field === undefined) return [];
  const focusedItem = ctrl.focused();
  const place: Place = {
    group: index,
    item: items.findIndex((i) => i.kind === 'field' && i.field === index),
    focused: focusedItem !== undefined && 'field' in focusedItem && focusedItem.field === index,
  };
  const lines: BodyLine[] = [labelLine(ctrl, field, place), ...noteLines(ctrl, field, place.group, width)];
  if (field.kind === 'text' || field.kind === 'number') lines.push(...inputLines(ctrl, field, place, width));
  else if (field.kind === 'boolean') lines.push(booleanLine(ctrl, field, place));
  else lines.push(...optionLines(ctrl, field, index, items));
  lines.push(...issueLines(ctrl.session.visibleIssue(field.name)?.message, place.group, width));
  lines.push({ line: [], group: place.group });
  return lines;
}

function labelLine(ctrl: FormDriver, field: Field, place: Place): BodyLine {
  const label: Segment[] = [
    place.focused ? seg('› ', 'focus') : seg('  '),
    seg(clean(field.label, 120), place.focused ? 'focus' : 'bold'),
    field.required ? seg(' (required)', 'warn') : seg(' (optional)', 'dim'),
  ];
  if (field.kind === 'multi-select') {
    const value = ctrl.session.value(field.name);
    label.push(seg(` — ${multiHint(field, Array.isArray(value) ? value.length : 0)}`, 'dim'));
  }
  if (field.kind === 'single-select') label.push(seg(' — choose one', 'dim'));
  return { line: label, group: place.group, ...(place.item >= 0 ? { item: place.item } : {}) };
}

/** The description and the sensitive-field warning under the label. */
function noteLines(ctrl: FormDriver, field: Field, group: number, width: number): BodyLine[] {
  const lines: BodyLine[] = [];
  if (field.description) {
    for (const l of wrap(sanitizeText(field.description, { multiline: true, maxLength: 1000 }), width - 4)) {
      lines.push({ line: [seg('    '), seg(l, 'dim')], group });
    }
  }
  const sensitive = ctrl.sensitive.get(field.name);
  if (sensitive) {
    for (const l of wrap(`⚠ ${sensitive.message}`, width - 4)) {
      lines.push({ line: [seg('    '), seg(l, 'warn')], group });
    }
  }
  return lines;
}

/** The field's issue under it, wrapped and marked ✗; nothing when there is none. */
function issueLines(message: string | undefined, group: number, width: number): BodyLine[] {
  if (message === undefined) return [];
  return wrap(`✗ ${clean(message, 300)}`, width - 4).map((l) => ({
    line: [seg('    '), seg(l, 'error')],
    group,
  }));
}

function inputLines(
  ctrl: FormDriver,
  field: TextField | NumberField,
  place: Place,
  width: number,
): BodyLine[] {
  const text = ctrl.session.text(field.name);
  const length = [...text].length;
  const formatOk = !ctrl.session.issues().some((i) => i.field === field.name && i.code === 'format');
  const words = inputHint(field, length, formatOk);
  if (ctrl.session.isDefault(field.name)) words.push('default');
  // Rules may name a server pattern: cleaned like every other server text.
  const hintText = clean(words.join(' · '), 300);
  const boxWidth = Math.max(8, Math.min(44, width - 38));
  const visible = ctrl.sensitive.has(field.name) ? MASK.repeat(length) : text;
  // Masking keeps one character per character, so the caret position is the same.
  const { shown, col } = inputWindow(visible, ctrl.caret(field.name), boxWidth);
  const empty = text === '' ? placeholder(field) : '';
  const inner = empty !== '' ? seg(padTo(empty, boxWidth), 'dim') : seg(padTo(shown, boxWidth));
  // Beside the box when the words fit, else on their own lines under it.
  const beside = hintText !== '' && textWidth(hintText) + boxWidth + 8 <= width;
  const line: Line = [seg('    ['), inner, seg(']'), seg(beside ? `  ${hintText}` : '', 'dim')];
  const caret = place.item === ctrl.focus ? { caret: 5 + col } : {};
  const lines: BodyLine[] = [{ line, group: place.group, item: place.item, ...caret }];
  if (beside || hintText === '') return lines;
  for (const l of wrap(hintText, width - 6))
    lines.push({ line: [seg('      '), seg(l, 'dim')], group: place.group });
  return lines;
}

function booleanLine(ctrl: FormDriver, field: BooleanField, place: Place): BodyLine {
  const value = ctrl.session.value(field.name);
  const yes = value === true ? '(•) Yes' : '( ) Yes';
  const no = value === false ? '(•) No' : '( ) No';
  const unset = value === undefined ? seg('   not set', 'dim') : seg('');
  // After "No", a bare "(default)" read as "No is the default": name the default value.
  const defaultTag =
    typeof value === 'boolean' && ctrl.session.isDefault(field.name)
      ? seg(`   (default: ${value ? 'Yes' : 'No'})`, 'dim')
      : seg('');
  const rules = describeRules(field);
  const ruleTag = rules.length > 0 ? seg(`   ${rules.join(' · ')}`, 'dim') : seg('');
  return {
    line: [seg(`    ${yes}   ${no}`), unset, defaultTag, ruleTag],
    group: place.group,
    item: place.item,
  };
}

function optionLines(
  ctrl: FormDriver,
  field: SingleSelectField | MultiSelectField,
  index: number,
  items: Item[],
): BodyLine[] {
  const value = ctrl.session.value(field.name);
  const chosen = new Set(Array.isArray(value) ? value : value === undefined ? [] : [value]);
  const tag = ctrl.session.isDefault(field.name) ? seg(' (default)', 'dim') : seg('');
  return field.options.map((option, o) => {
    const item = items.findIndex((i) => i.kind === 'option' && i.field === index && i.option === o);
    const on = chosen.has(option.value);
    const box = field.kind === 'multi-select' ? (on ? '[x]' : '[ ]') : on ? '(•)' : '( )';
    const focusHere = item === ctrl.focus;
    const line: Segment[] = [
      seg(focusHere ? '  › ' : '    ', 'focus'),
      seg(`${box} `),
      seg(clean(option.label, 120), focusHere ? 'focus' : 'plain'),
    ];
    if (on && ctrl.session.isDefault(field.name)) line.push(tag);
    return { line, group: index, item };
  });
}
