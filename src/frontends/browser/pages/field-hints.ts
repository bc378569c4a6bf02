// The rules of a field in words, shown under its control (range, length, format, item counts).
import type { Field } from '../../../core/form-model.js';
import { serverText } from '../escape.js';

const FORMAT_HINTS = {
  email: 'An email address, e.g. name@example.com',
  uri: 'A web address, e.g. https://example.com',
  date: 'A date (YYYY-MM-DD)',
  'date-time': 'A date and time; the time zone is sent with it',
} as const;

export function fieldHint(field: Field): string {
  switch (field.kind) {
    case 'text': {
      const parts: string[] = [];
      if (field.format) parts.push(FORMAT_HINTS[field.format]);
      const { minLength: min, maxLength: max } = field;
      if (min !== undefined && max !== undefined) parts.push(`${min} to ${max} characters`);
      else if (min !== undefined) parts.push(`at least ${min} characters`);
      else if (max !== undefined) parts.push(`up to ${max} characters`);
      if (field.pattern) parts.push(`must match the pattern ${serverText(field.pattern, 80)}`);
      return parts.join(' · ');
    }
    case 'number': {
      const what = field.integer ? 'A whole number' : 'A number (use a dot for decimals)';
      const { minimum: min, maximum: max } = field;
      if (min !== undefined && max !== undefined) return `${what} from ${min} to ${max}`;
      if (min !== undefined) return `${what}, at least ${min}`;
      if (max !== undefined) return `${what}, at most ${max}`;
      return what;
    }
    case 'multi-select': {
      const { minItems: min, maxItems: max } = field;
      if (min !== undefined && max !== undefined)
        return min === max ? `Choose exactly ${min}` : `Choose ${min} to ${max}`;
      if (min !== undefined) return `Choose at least ${min}`;
      if (max !== undefined) return `Choose up to ${max}`;
      return 'Choose any number';
    }
    case 'boolean':
      return field.required ? 'Answer yes or no' : '';
    case 'single-select':
      return '';
  }
}
