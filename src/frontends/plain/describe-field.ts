// What a line prompt says about a field: one fact per line, plain words, no symbols a screen
// reader would spell out. All server text (labels, descriptions, options, patterns) is sanitized.
import { describeFormRules, describeRules } from '../../core/describe-rules.js';
import type { Field, FieldValue, FormModel, SelectOption } from '../../core/form-model.js';
import { sanitizeText } from '../../core/sanitize.js';
import { maskedValue, sensitiveReason } from '../../core/sensitive.js';
import { formatFieldValue, type ParsedInput, parseFieldInput } from '../../core/value-parse.js';

// What to type for each format; the rule itself is worded by core/describe-rules.ts.
const FORMAT_EXAMPLES = {
  email: 'name@example.com',
  uri: 'https://example.org/page',
  date: '2024-05-31',
  'date-time': '2024-05-31T14:30:00Z',
} as const;

/** The field's label, one line: what a review line or an issue calls it. */
export function fieldLabel(field: Field): string {
  return sanitizeText(field.label, { maxLength: 200 });
}

/** The lines shown before asking for `field`. */
export function describeField(
  field: Field,
  position: { readonly index: number; readonly total: number },
  current: { readonly value: FieldValue | undefined; readonly isDefault: boolean },
): string[] {
  const lines = [
    '',
    `Field ${position.index + 1} of ${position.total}: ${fieldLabel(field)} (${field.required ? 'required' : 'optional'})`,
    `Type: ${typeLine(field)}`,
    ...rulesLine(describeRules(field), 'Rules'),
  ];
  if (field.description !== undefined && field.description.trim() !== '') {
    const [first = '', ...rest] = sanitizeText(field.description, { multiline: true, maxLength: 2000 }).split(
      '\n',
    );
    lines.push(`Description: ${first}`, ...rest);
  }
  const sensitive = sensitiveReason(field);
  if (sensitive) lines.push(`Warning: ${sensitive.message}`);
  if (field.kind === 'single-select' || field.kind === 'multi-select') {
    const numbered = numbersAllowed(field.options);
    lines.push('Options:');
    field.options.forEach((option, index) => {
      lines.push(`${numbered ? `${index + 1}.` : '-'} ${sanitizeText(option.label, { maxLength: 200 })}`);
    });
    const how = numbered ? "the option's number or its text" : "the option's text";
    lines.push(
      field.kind === 'single-select'
        ? `Type ${how}.`
        : `Type ${how} for each choice, separated by commas${numbered && field.options.length > 1 ? `, for example 1,${Math.min(3, field.options.length)}` : ''}.`,
    );
  }
  const clear = field.required ? '' : ' (:clear leaves it empty)';
  if (current.value !== undefined) {
    const shown = shownValue(field, current.value);
    lines.push(
      current.isDefault
        ? `Enter keeps the default: ${shown}${clear}`
        : `Enter keeps the current answer: ${shown}${clear}`,
    );
  } else if (!field.required) {
    lines.push('Enter leaves it empty.');
  }
  return lines;
}

/** The form-wide rules (how many fields, which go together), for the form's header. */
export function formRulesLines(model: FormModel): string[] {
  return rulesLine(describeFormRules(model), 'Form rules');
}

// Semicolons, not symbols: a screen reader reads them as a pause, not as a character's name.
function rulesLine(rules: readonly string[], heading: string): string[] {
  if (rules.length === 0) return [];
  return [`${heading}: ${sanitizeText(rules.join('; '), { maxLength: 1000 })}.`];
}

/**
 * A value for display. Fields that look like they hold a secret (S-01) are not echoed back; the
 * person can still retype them.
 */
export function shownValue(field: Field, value: FieldValue | undefined): string {
  const masked = maskedValue(field, value);
  return masked === undefined ? formatFieldValue(field, value) : `${masked} (hidden)`;
}

/**
 * Parse a typed line for `field`; selects also take option numbers as listed by `describeField`.
 * An exact option value or label wins over a number.
 */
export function parseTyped(field: Field, text: string): ParsedInput {
  if ((field.kind !== 'single-select' && field.kind !== 'multi-select') || !numbersAllowed(field.options)) {
    return parseFieldInput(field, text);
  }
  const options = field.options;
  const byNumber = (item: string): string | undefined => {
    const trimmed = item.trim();
    if (!/^\d+$/.test(trimmed)) return undefined;
    return options[Number(trimmed) - 1]?.value;
  };
  if (field.kind === 'single-select') {
    const direct = parseFieldInput(field, text);
    if (direct.ok) return direct;
    const value = byNumber(text);
    if (value !== undefined) return { ok: true, value };
    if (/^\s*\d+\s*$/.test(text)) {
      const message = `${fieldLabel(field)}: there is no option ${text.trim()}; type a number from 1 to ${options.length}.`;
      return { ok: false, issues: [{ message }] };
    }
    return direct;
  }
  if (text.trim().startsWith('[')) return parseFieldInput(field, text);
  const items = text.split(',');
  if (!items.some((item) => /^\s*\d+\s*$/.test(item))) return parseFieldInput(field, text);
  const resolved: string[] = [];
  for (const item of items) {
    if (item.trim() === '') continue;
    if (/^\s*\d+\s*$/.test(item)) {
      const value = byNumber(item);
      if (value === undefined) {
        const message = `${fieldLabel(field)}: there is no option ${item.trim()}; type numbers from 1 to ${options.length}.`;
        return { ok: false, issues: [{ message }] };
      }
      resolved.push(value);
    } else {
      resolved.push(item.trim());
    }
  }
  // Hand the resolved list to the shared parser (JSON form), so labels and duplicates are handled once.
  return parseFieldInput(field, JSON.stringify(resolved));
}

// Numbering would be ambiguous when an option itself reads as a whole number.
function numbersAllowed(options: readonly SelectOption[]): boolean {
  return !options.some((option) => /^\s*\d+\s*$/.test(option.value) || /^\s*\d+\s*$/.test(option.label));
}

/** What kind of answer the field takes; its rules are on the next line. */
function typeLine(field: Field): string {
  switch (field.kind) {
    case 'text':
      return field.format ? `text, for example ${FORMAT_EXAMPLES[field.format]}.` : 'text.';
    case 'number':
      return field.integer ? 'number.' : 'number, with a dot before decimals.';
    case 'boolean':
      return 'yes or no. Type y or n.';
    case 'single-select':
      return 'choose one option.';
    case 'multi-select':
      return field.minItems === undefined && field.maxItems === undefined
        ? 'choose any number of options.'
        : 'choose options.';
  }
}
