// What every line-mode dialog talks through (form, URL consent, over-rate), and the form's lines
// for its issues and its review choices.
import type { FieldIssue } from '../../core/issues.js';
import { sanitizeText } from '../../core/sanitize.js';
import type { ReadResult } from './line-queue.js';

export interface Conversation {
  say(...lines: string[]): void;
  /** Waits for the next typed line (or the end of input, or the server's abort). */
  ask(): Promise<ReadResult>;
  /** How an end of input is reported: a person's Ctrl-D is `dismissed`; piped answers ran out is `input-ended`. */
  readonly inputEnd: 'dismissed' | 'input-ended';
  /** True once the person interrupted the run (Ctrl-C): an aborted read is theirs, not the server's. */
  interrupted(): boolean;
}

/** Issues as lines to say, each cleaned and cut short (server text). */
export function issueLines(issues: readonly FieldIssue[]): string[] {
  return issues.map((issue) => sanitizeText(issue.message, { maxLength: 500 }));
}

/** The review's choices line for a form of `count` fields. */
export function reviewChoices(count: number): string {
  const numbers =
    count === 1 ? 'Type 1 to change the answer' : `Type a number from 1 to ${count} to change that answer`;
  return `${numbers}, s or Enter to send, d to decline, c to cancel.`;
}
