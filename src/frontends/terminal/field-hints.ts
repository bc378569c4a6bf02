// The short hints the terminal form shows beside a field and on its key line: what to type, the
// accepted range or format, and which keys work where the focus is.
import type { Field, MultiSelectField, NumberField, TextField } from '../../core/form-model.js';
import type { Item } from './form-controller.js';

export function keyHint(item: Item | undefined, field: Field | undefined): string {
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

export function numberHint(field: NumberField): string {
  const kind = field.integer ? 'whole number' : 'number';
  const { minimum: min, maximum: max } = field;
  if (min !== undefined && max !== undefined) return `${kind} ${min}–${max}`;
  if (min !== undefined) return `${kind} ≥ ${min}`;
  if (max !== undefined) return `${kind} ≤ ${max}`;
  return kind;
}

export function textHint(field: TextField, length: number, valid: boolean): string {
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

export function placeholder(field: TextField | NumberField): string {
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

export function multiHint(field: MultiSelectField, count: number): string {
  const { minItems: min, maxItems: max } = field;
  let rule = 'choose any';
  if (min !== undefined && max !== undefined)
    rule = min === max ? `choose ${min}` : `choose ${min} to ${max}`;
  else if (min !== undefined) rule = `choose at least ${min}`;
  else if (max !== undefined) rule = `choose up to ${max}`;
  return `${rule} (${count} chosen)`;
}
