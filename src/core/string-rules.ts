// The string keywords (minLength, maxLength, format, pattern) as one rule set: checked on text
// answers with sentences a person reads, and on option values by the thousand without them.
import type { StringFormat } from './form-model.js';
import { checkFormat } from './formats.js';
import type { FieldIssueCode } from './issues.js';
import { MAX_PATTERN_LENGTH, type MatchResult, matchPattern, type PatternBudget } from './pattern.js';
import { sanitizeText } from './sanitize.js';

const FORMAT_WORDS: Readonly<Record<StringFormat, string>> = {
  email: 'a valid email address',
  uri: 'a valid absolute URI (e.g. https://example.com)',
  date: 'a valid date (YYYY-MM-DD)',
  'date-time': 'a valid date and time with a time zone (e.g. 2025-01-31T14:30:00Z)',
};

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** Length as JSON Schema counts it: Unicode code points, not UTF-16 units (edge case 16). */
function codePoints(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/** The string keywords a text field, a choice's options and multi-select items may carry. */
export interface StringRules {
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly format?: StringFormat;
  readonly pattern?: string;
}

export interface StringProblem {
  readonly code: FieldIssueCode;
  readonly sentence: string;
  /** Set when the pattern check could not be afforded, so nothing is known. */
  readonly unchecked?: true;
}

/** Whether `value` satisfies `rules`, without building messages (options are checked by the thousand). */
export function stringFits(rules: StringRules, value: string, budget: PatternBudget): MatchResult {
  if (rules.minLength !== undefined || rules.maxLength !== undefined) {
    const length = codePoints(value);
    if (length < (rules.minLength ?? 0) || length > (rules.maxLength ?? Number.POSITIVE_INFINITY))
      return 'no-match';
  }
  if (rules.format !== undefined && !checkFormat(rules.format, value)) return 'no-match';
  return rules.pattern === undefined ? 'match' : matchPattern(rules.pattern, value, budget);
}

/** Why `value` breaks `rules`, as issue codes with a sentence to follow the field's label. */
export function stringProblems(rules: StringRules, value: string, budget: PatternBudget): StringProblem[] {
  const out: StringProblem[] = [];
  // Counting code points walks the string: only when a length keyword asks for it.
  const length = rules.minLength !== undefined || rules.maxLength !== undefined ? codePoints(value) : 0;
  if (rules.minLength !== undefined && length < rules.minLength) {
    out.push({ code: 'min-length', sentence: `must be at least ${plural(rules.minLength, 'character')}.` });
  }
  if (rules.maxLength !== undefined && length > rules.maxLength) {
    out.push({ code: 'max-length', sentence: `must be at most ${plural(rules.maxLength, 'character')}.` });
  }
  if (rules.format !== undefined && !checkFormat(rules.format, value)) {
    out.push({ code: 'format', sentence: `must be ${FORMAT_WORDS[rules.format]}.` });
  }
  if (rules.pattern !== undefined) {
    const result = matchPattern(rules.pattern, value, budget);
    if (result === 'match') return out;
    const shown = sanitizeText(rules.pattern.slice(0, MAX_PATTERN_LENGTH), { maxLength: 60 });
    if (result === 'no-match') out.push({ code: 'pattern', sentence: `must match the pattern ${shown}.` });
    // Fail closed: an answer we cannot afford to check is never sent (issue 12, item 1).
    else
      out.push({
        code: 'pattern',
        sentence: `is too long to be checked against the pattern ${shown}; shorten it.`,
        unchecked: true,
      });
  }
  return out;
}
