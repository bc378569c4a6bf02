// The plain form conversation: fill the fields one by one, then review (C-03) and send, decline or
// cancel (C-02). Only an explicit decline is `decline`; end of input and a server abort are
// `cancel` and hand back what was typed (spec §5 edge case 23).
import type { FormAnswer, FormPrompt, PromptContext } from '../../contracts/renderer.js';
import type { Draft, Field, FieldValue } from '../../core/form-model.js';
import type { FieldIssue } from '../../core/issues.js';
import type { CancelReason } from '../../core/outcome.js';
import { setOwn } from '../../core/own-property.js';
import { sanitizeText } from '../../core/sanitize.js';
import { describeField, fieldLabel, parseTyped, shownValue } from './describe-field.js';
import { headerLines } from './header.js';
import type { ReadResult } from './line-queue.js';

export interface Conversation {
  say(...lines: string[]): void;
  /** Waits for the next typed line (or the end of input, or the server's abort). */
  ask(): Promise<ReadResult>;
}

/** Shown once in every header; `:` cannot start a real value without the `::` escape. */
export const COMMANDS_LINE =
  'Commands: type :decline to decline, :cancel to cancel, :back for the previous field, :help for help. To enter a value that starts with a colon, type two colons.';

const HELP_LINES = [
  'Commands work at any prompt:',
  ':decline - tell the server you will not answer.',
  ':cancel - dismiss this request without answering.',
  ':back - go back to the previous field.',
  ':clear - leave this field empty.',
  ':mute - cancel this and every further request from this server for this session.',
  ':help - show this help.',
  'A line starting with two colons enters a value starting with one colon: ::x is sent as :x.',
];

type Typed =
  | { readonly kind: 'value'; readonly text: string }
  | { readonly kind: 'command'; readonly name: string };
type Step =
  | { readonly kind: 'next' }
  | { readonly kind: 'back' }
  | { readonly kind: 'done'; readonly answer: FormAnswer };

export async function runFormDialog(
  prompt: FormPrompt,
  ctx: PromptContext,
  io: Conversation,
): Promise<FormAnswer> {
  return new FormDialog(prompt, ctx, io).run();
}

class FormDialog {
  readonly #prompt: FormPrompt;
  readonly #ctx: PromptContext;
  readonly #io: Conversation;
  readonly #draft: Draft;

  constructor(prompt: FormPrompt, ctx: PromptContext, io: Conversation) {
    this.#prompt = prompt;
    this.#ctx = ctx;
    this.#io = io;
    this.#draft = { ...prompt.initial };
  }

  async run(): Promise<FormAnswer> {
    // Withdrawn while it waited its turn: never shown, so nothing to say and nothing typed.
    if (this.#ctx.signal.aborted) return { outcome: { action: 'cancel', reason: 'server-cancelled' } };
    const { model } = this.#prompt;
    this.#io.say(...headerLines(this.#ctx, this.#prompt.message), COMMANDS_LINE);
    if (this.#prompt.restored) this.#io.say('Your earlier answers to this form were restored.');
    if (!model.satisfiable) return this.#unsatisfiable();
    if (model.fields.length === 0) return this.#confirm();
    let index = 0;
    while (index < model.fields.length) {
      const step = await this.#askField(index, 'fill');
      if (step.kind === 'done') return step.answer;
      if (step.kind === 'back') {
        if (index === 0) this.#io.say('This is the first field.');
        index = Math.max(0, index - 1);
      } else {
        index += 1;
      }
    }
    return this.#review();
  }

  async #askField(index: number, mode: 'fill' | 'edit'): Promise<Step> {
    const field = this.#field(index);
    const value = this.#draft[field.name];
    const isDefault =
      this.#prompt.defaulted.has(field.name) &&
      !this.#prompt.restored &&
      sameValue(value, this.#prompt.initial[field.name]);
    this.#io.say(
      ...describeField(field, { index, total: this.#prompt.model.fields.length }, { value, isDefault }),
    );
    for (;;) {
      const read = await this.#io.ask();
      if (read.kind !== 'line') return { kind: 'done', answer: this.#ended(read) };
      const typed = classify(read.text);
      let candidate: FieldValue | undefined;
      if (typed.kind === 'command') {
        if (typed.name === 'back') return { kind: 'back' };
        if (typed.name === 'clear') {
          candidate = undefined;
        } else {
          const answer = this.#command(typed.name);
          if (answer) return { kind: 'done', answer };
          continue;
        }
      } else if (typed.text.trim() === '') {
        candidate = this.#draft[field.name];
      } else {
        const parsed = parseTyped(field, typed.text);
        if (!parsed.ok) {
          this.#io.say(
            `Not accepted: ${parsed.message}`,
            mode === 'edit' ? 'Try again, or :back to keep it.' : 'Try again.',
          );
          continue;
        }
        candidate = parsed.value;
      }
      const issues = this.#issuesFor(field, candidate);
      if (issues.length > 0) {
        this.#io.say(
          ...issues.map((issue) => `Not accepted: ${sanitizeText(issue.message, { maxLength: 500 })}`),
          'Try again.',
        );
        continue;
      }
      this.#set(field, candidate);
      return { kind: 'next' };
    }
  }

  async #review(): Promise<FormAnswer> {
    let show = true;
    for (;;) {
      const checked = this.#prompt.validate(this.#draft);
      if (show) {
        this.#io.say('', 'Review your answers before sending:');
        this.#prompt.model.fields.forEach((field, index) => {
          this.#io.say(`${index + 1}. ${fieldLabel(field)}: ${shownValue(field, this.#draft[field.name])}`);
        });
        if (!checked.ok) this.#io.say('To fix before sending:', ...issueLines(checked.issues));
        this.#io.say(this.#reviewChoices());
        show = false;
      }
      const read = await this.#io.ask();
      if (read.kind !== 'line') return this.#ended(read);
      const typed = classify(read.text);
      const word = typed.kind === 'value' ? typed.text.trim().toLowerCase() : `:${typed.name}`;
      if (word === 's' || word === 'send' || word === 'submit') {
        if (checked.ok) {
          this.#io.say('Sent.');
          return { outcome: { action: 'accept', content: checked.value } };
        }
        this.#io.say('Cannot send yet:', ...issueLines(checked.issues), this.#reviewChoices());
        continue;
      }
      if (word === 'd' || word === 'decline') return this.#finish('decline');
      if (word === 'c' || word === 'cancel') return this.#finish('cancel');
      if (/^\d+$/.test(word)) {
        const number = Number(word);
        if (number >= 1 && number <= this.#prompt.model.fields.length) {
          const step = await this.#askField(number - 1, 'edit');
          if (step.kind === 'done') return step.answer;
          show = true;
          continue;
        }
      }
      if (typed.kind === 'command' && typed.name !== 'back' && typed.name !== 'clear') {
        const answer = this.#command(typed.name);
        if (answer) return answer;
        this.#io.say(this.#reviewChoices());
        continue;
      }
      this.#io.say(`Not understood. ${this.#reviewChoices()}`);
    }
  }

  // A form with no fields is a pure confirmation (spec §5 edge case 13).
  async #confirm(): Promise<FormAnswer> {
    this.#io.say(
      'This request has no fields; it asks you to confirm.',
      'Type a to accept, d to decline, c to cancel.',
    );
    for (;;) {
      const read = await this.#io.ask();
      if (read.kind !== 'line') return this.#ended(read);
      const typed = classify(read.text);
      const word = typed.kind === 'value' ? typed.text.trim().toLowerCase() : `:${typed.name}`;
      if (word === 'a' || word === 'accept') {
        const checked = this.#prompt.validate(this.#draft);
        if (checked.ok) return { outcome: { action: 'accept', content: checked.value } };
        this.#io.say('Cannot accept:', ...issueLines(checked.issues));
        continue;
      }
      if (word === 'd' || word === 'decline') return this.#finish('decline');
      if (word === 'c' || word === 'cancel') return this.#finish('cancel');
      if (typed.kind === 'command') {
        const answer = this.#command(typed.name);
        if (answer) return answer;
        continue;
      }
      this.#io.say('Type a to accept, d to decline, c to cancel.');
    }
  }

  // No answer can ever validate (spec §5 edge case 14): offer only decline and cancel.
  async #unsatisfiable(): Promise<FormAnswer> {
    this.#io.say('This form cannot be completed: no answer can satisfy what the server asks for.');
    for (const note of this.#prompt.model.notes)
      this.#io.say(`Note: ${sanitizeText(note.message, { maxLength: 500 })}`);
    this.#io.say('Type d to decline, c to cancel.');
    for (;;) {
      const read = await this.#io.ask();
      if (read.kind !== 'line') return this.#ended(read);
      const typed = classify(read.text);
      const word = typed.kind === 'value' ? typed.text.trim().toLowerCase() : `:${typed.name}`;
      if (word === 'd' || word === 'decline' || word === ':decline') return this.#finish('decline');
      if (word === 'c' || word === 'cancel' || word === ':cancel')
        return this.#cancel('unsatisfiable', 'Cancelled.');
      if (word === ':mute') return this.#mute();
      this.#io.say('Type d to decline, c to cancel.');
    }
  }

  // Commands that end the form, or :help; undefined means "keep asking".
  #command(name: string): FormAnswer | undefined {
    switch (name) {
      case 'decline':
        return this.#finish('decline');
      case 'cancel':
        return this.#finish('cancel');
      case 'mute':
        return this.#mute();
      case 'help':
        this.#io.say(...HELP_LINES);
        return undefined;
      case 'back':
      case 'clear':
        this.#io.say(`:${name} works while filling in a field.`);
        return undefined;
      default:
        this.#io.say(`Unknown command :${sanitizeText(name, { maxLength: 40 })}. Type :help for the list.`);
        return undefined;
    }
  }

  #finish(action: 'decline' | 'cancel'): FormAnswer {
    if (action === 'cancel') return this.#cancel('dismissed', 'Cancelled.');
    this.#io.say('Declined.');
    return { outcome: { action: 'decline' }, draft: { ...this.#draft } };
  }

  #mute(): FormAnswer {
    this.#io.say('Cancelled; further requests from this server are cancelled for this session.');
    return { outcome: { action: 'cancel', reason: 'muted' }, draft: { ...this.#draft }, muteServer: true };
  }

  #cancel(reason: CancelReason, notice: string): FormAnswer {
    this.#io.say(notice);
    return { outcome: { action: 'cancel', reason }, draft: { ...this.#draft } };
  }

  #ended(read: Exclude<ReadResult, { kind: 'line' }>): FormAnswer {
    if (read.kind === 'aborted') {
      return this.#cancel(
        'server-cancelled',
        'The server withdrew this request; it was cancelled and your answers are kept.',
      );
    }
    return this.#cancel('dismissed', 'Input ended; the request was cancelled and your answers are kept.');
  }

  #issuesFor(field: Field, candidate: FieldValue | undefined): readonly FieldIssue[] {
    const trial: Draft = { ...this.#draft };
    if (candidate === undefined) delete trial[field.name];
    else setOwn(trial, field.name, candidate);
    const checked = this.#prompt.validate(trial);
    return checked.ok ? [] : checked.issues.filter((issue) => issue.field === field.name);
  }

  #set(field: Field, value: FieldValue | undefined): void {
    if (value === undefined) delete this.#draft[field.name];
    else setOwn(this.#draft, field.name, value);
  }

  #field(index: number): Field {
    const field = this.#prompt.model.fields[index];
    if (!field) throw new RangeError(`no field at ${index}`);
    return field;
  }

  #reviewChoices(): string {
    const count = this.#prompt.model.fields.length;
    const numbers =
      count === 1 ? 'Type 1 to change the answer' : `Type a number from 1 to ${count} to change that answer`;
    return `${numbers}, s to send, d to decline, c to cancel.`;
  }
}

function sameValue(a: FieldValue | undefined, b: FieldValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => item === b[i]);
  return a === b;
}

function classify(line: string): Typed {
  const trimmed = line.trim();
  if (trimmed.startsWith('::')) return { kind: 'value', text: line.replace('::', ':') };
  if (trimmed.startsWith(':')) return { kind: 'command', name: trimmed.slice(1).trim().toLowerCase() };
  return { kind: 'value', text: line };
}

function issueLines(issues: readonly FieldIssue[]): string[] {
  return issues.map((issue) => sanitizeText(issue.message, { maxLength: 500 }));
}
