// The `--answers <file>` format for scripted runs (agents, CI): a JSON array of answers used in
// order. Checked strictly, so a typo fails the run up front instead of silently cancelling later.
// `--record` writes the same format, with the matchers (mode, tool, fields) and `supply`.

import { isFieldValue } from '../../core/field-value.js';
import { isRecord } from '../../core/is-record.js';
import type { Validation } from '../../core/issues.js';
import { sanitizeText } from '../../core/sanitize.js';
import { isEnvRef, looksLikeEnvRef } from './env-ref.js';

/** One entry of an answers file: what to answer to the elicitations it applies to. */
export interface ScriptedAnswer {
  /** The answer to give. */
  readonly action: 'accept' | 'decline' | 'cancel';
  /**
   * Form mode, `accept` only: merged over the defaults (and over `--set` values). A value may be
   * `{"$env": "NAME"}`: read from that environment variable and parsed like a `--set` value.
   */
  readonly content?: Record<string, unknown>;
  /** Applies only to an elicitation whose message (or, in URL mode, URL) contains this text. */
  readonly when?: string;
  /** Applies only to this mode of elicitation. */
  readonly mode?: 'form' | 'url';
  /** Applies only to an elicitation made by this tool call (or prompt name, or resource URI). */
  readonly tool?: string;
  /** Applies only to a form whose fields have exactly these names (in any order). */
  readonly fields?: readonly string[];
  /** Fields whose values were not recorded: each must come from `--set` or a `$env` in content. */
  readonly supply?: readonly string[];
}

/** A problem in an answers file. */
export interface AnswersFileIssue {
  /** Names the entry and the problem, e.g. `answers[2].action: ...`. */
  readonly message: string;
}

const ACTIONS = ['accept', 'decline', 'cancel'] as const;
const MODES = ['form', 'url'] as const;
const KEYS = ['action', 'content', 'when', 'mode', 'tool', 'fields', 'supply'];

/** Parse and check an answers file; every problem names the entry index (`answers[2].action: ...`). */
export function loadAnswersFile(text: string): Validation<ScriptedAnswer[], AnswersFileIssue> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // V8 quotes the file around the bad token: file text, so cleaned like server text.
    const reason = sanitizeText(error instanceof Error ? error.message : String(error), { maxLength: 200 });
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
  const say = (message: string): void => {
    issues.push({ message });
  };
  for (const key of Object.keys(entry)) {
    if (!KEYS.includes(key)) say(`${at}: unknown key "${shown(key)}" (allowed: ${KEYS.join(', ')})`);
  }
  const { action, content, when, mode, tool, fields, supply } = entry;
  if (!ACTIONS.includes(action as (typeof ACTIONS)[number]))
    say(`${at}.action: must be one of accept, decline, cancel, got ${describe(action)}`);
  for (const [key, value] of [
    ['when', when],
    ['tool', tool],
  ] as const) {
    if (value !== undefined && (typeof value !== 'string' || value === ''))
      say(`${at}.${key}: must be a non-empty string, got ${describe(value)}`);
  }
  if (mode !== undefined && !MODES.includes(mode as (typeof MODES)[number]))
    say(`${at}.mode: must be "form" or "url", got ${describe(mode)}`);
  checkNames(fields, `${at}.fields`, say);
  checkNames(supply, `${at}.supply`, say);
  if (fields !== undefined && mode === 'url') say(`${at}.fields: a URL-mode entry has no fields`);
  if (supply !== undefined && action !== 'accept')
    say(`${at}.supply: only an "accept" answer supplies values`);
  if (content !== undefined) checkContent(content, action, at, say);
  if (issues.length > before) return undefined;
  return {
    action: action as ScriptedAnswer['action'],
    ...(isRecord(content) ? { content } : {}),
    ...(typeof when === 'string' ? { when } : {}),
    ...(mode !== undefined ? { mode: mode as 'form' | 'url' } : {}),
    ...(typeof tool === 'string' ? { tool } : {}),
    ...(Array.isArray(fields) ? { fields: fields as string[] } : {}),
    ...(Array.isArray(supply) ? { supply: supply as string[] } : {}),
  };
}

function checkContent(content: unknown, action: unknown, at: string, say: (message: string) => void): void {
  if (action !== 'accept') say(`${at}.content: only an "accept" answer carries content`);
  if (!isRecord(content)) {
    say(`${at}.content: must be an object of field values, got ${kindOf(content)}`);
    return;
  }
  for (const [key, value] of Object.entries(content)) {
    const name = shown(key);
    if (looksLikeEnvRef(value)) {
      const variable = (value as { $env?: unknown }).$env;
      if (typeof variable === 'string' && variable in Object.prototype)
        say(
          `${at}.content.${name}: "${shown(variable)}" is a name every JavaScript object has, not an environment variable this can read`,
        );
      else if (!isEnvRef(value))
        say(`${at}.content.${name}: an environment reference is {"$env": "NAME"} with a variable name`);
    } else if (!isFieldValue(value)) {
      say(
        `${at}.content.${name}: must be a string, a finite number, a boolean, an array of strings or {"$env": "NAME"}, got ${describe(value)}`,
      );
    }
  }
}

function checkNames(value: unknown, at: string, say: (message: string) => void): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || !value.every((name) => typeof name === 'string' && name !== '')) {
    say(`${at}: must be an array of field names, got ${describe(value)}`);
  } else if (new Set(value).size !== value.length) {
    say(`${at}: names a field twice`);
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(shown(value));
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return kindOf(value);
}

/** File text in a message: a shared file's names may carry terminal escapes, like server text. */
function shown(text: string): string {
  return sanitizeText(text, { maxLength: 40 });
}
