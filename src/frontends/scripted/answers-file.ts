// The `--answers <file>` format for scripted runs (agents, CI): a JSON array of answers used in
// order. Checked strictly, so a typo fails the run up front instead of silently cancelling later.

import { isFieldValue } from '../../core/field-value.js';
import type { Validation } from '../../core/issues.js';

/** One entry of an answers file: what to answer to the elicitations it applies to. */
export interface ScriptedAnswer {
  /** The answer to give. */
  readonly action: 'accept' | 'decline' | 'cancel';
  /** Form mode, `accept` only: merged over the defaults (and over `--set` values). */
  readonly content?: Record<string, unknown>;
  /** Applies only to an elicitation whose message (or, in URL mode, URL) contains this text. */
  readonly when?: string;
}

/** A problem in an answers file. */
export interface AnswersFileIssue {
  /** Names the entry and the problem, e.g. `answers[2].action: ...`. */
  readonly message: string;
}

const ACTIONS = ['accept', 'decline', 'cancel'] as const;
const KEYS = new Set(['action', 'content', 'when']);

/** Parse and check an answers file; every problem names the entry index (`answers[2].action: ...`). */
export function loadAnswersFile(text: string): Validation<ScriptedAnswer[], AnswersFileIssue> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, issues: [{ message: `answers file is not valid JSON: ${reason}` }] };
  }
  if (!Array.isArray(parsed)) {
    return {
      ok: false,
      issues: [{ message: `answers file must hold a JSON array of answers, got ${kindOf(parsed)}` }],
    };
  }
  const issues: AnswersFileIssue[] = [];
  const answers: ScriptedAnswer[] = [];
  parsed.forEach((entry: unknown, index) => {
    const answer = checkEntry(entry, `answers[${index}]`, issues);
    if (answer) answers.push(answer);
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: answers };
}

function checkEntry(entry: unknown, at: string, issues: AnswersFileIssue[]): ScriptedAnswer | undefined {
  if (!isRecord(entry)) {
    issues.push({ message: `${at}: must be an object like {"action": "accept"}, got ${kindOf(entry)}` });
    return undefined;
  }
  const before = issues.length;
  for (const key of Object.keys(entry)) {
    if (!KEYS.has(key))
      issues.push({ message: `${at}: unknown key "${key}" (allowed: action, content, when)` });
  }
  const action = entry.action;
  if (!ACTIONS.includes(action as (typeof ACTIONS)[number])) {
    issues.push({ message: `${at}.action: must be one of accept, decline, cancel, got ${describe(action)}` });
  }
  const when = entry.when;
  if (when !== undefined && (typeof when !== 'string' || when === '')) {
    issues.push({ message: `${at}.when: must be a non-empty string, got ${describe(when)}` });
  }
  const content = entry.content;
  if (content !== undefined) {
    if (action !== 'accept')
      issues.push({ message: `${at}.content: only an "accept" answer carries content` });
    if (!isRecord(content)) {
      issues.push({ message: `${at}.content: must be an object of field values, got ${kindOf(content)}` });
    } else {
      for (const [name, value] of Object.entries(content)) {
        if (!isFieldValue(value)) {
          issues.push({
            message: `${at}.content.${name}: must be a string, a finite number, a boolean or an array of strings, got ${describe(value)}`,
          });
        }
      }
    }
  }
  if (issues.length > before) return undefined;
  return {
    action: action as ScriptedAnswer['action'],
    ...(isRecord(content) ? { content } : {}),
    ...(typeof when === 'string' ? { when } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return kindOf(value);
}
