// Draws a FormDriver: the form screen (fields drawn by field-view.ts), then the review (C-03).

import type { FormPrompt, PromptContext } from '../../contracts/renderer.js';
import { describeFormRules } from '../../core/describe-rules.js';
import type { Field, FieldValue, FormModel } from '../../core/form-model.js';
import { sanitizeText } from '../../core/sanitize.js';
import { maskedValue } from '../../core/sensitive.js';
import { fieldBlock } from './field-view.js';
import type { ButtonId, FormDriver, Item } from './form-driver.js';
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
import { type Line, seg } from './style.js';
import { padTo, textWidth, truncate, wrap } from './text-layout.js';

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

function displayValue(field: Field, value: FieldValue | undefined): string {
  if (value === undefined) return '(empty)';
  const masked = maskedValue(field, value);
  if (masked !== undefined) return masked;
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

function reviewBody(ctrl: FormDriver, items: Item[], width: number): BodyLine[] {
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
  const issues = ctrl.session.issues();
  ctrl.fields.forEach((field, index) => {
    const item = items.findIndex((i) => i.kind === 'review-row' && i.field === index);
    const focusHere = item === ctrl.focus;
    const value = ctrl.session.value(field.name);
    const shown = displayValue(field, value);
    const issue = issues.find((i) => i.field === field.name);
    const line: Line = [
      seg(focusHere ? '› ' : '  ', 'focus'),
      seg(padTo(clean(field.label, 60), labelWidth), focusHere ? 'focus' : 'bold'),
      seg(' '),
      seg(truncate(shown, Math.max(4, width - labelWidth - 14)), value === undefined ? 'dim' : 'plain'),
      ctrl.session.isDefault(field.name) ? seg(' (default)', 'dim') : seg(''),
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

/** The form's own rules (dependentRequired, min/maxProperties) in the one wording, above its fields. */
export function formRulesBody(model: FormModel, width: number): BodyLine[] {
  const rules = describeFormRules(model);
  if (rules.length === 0) return [];
  const lines = wrap(`This form's rules: ${rules.join('; ')}.`, width).map((l) => ({
    line: [seg(l, 'dim')],
  }));
  return [...lines, { line: [] }];
}

export function formFrame(ctrl: FormDriver, prompt: FormPrompt, ctx: PromptContext, size: Size): Frame {
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
  body.push(...formRulesBody(ctrl.session.model, width));
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
