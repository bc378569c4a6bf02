// The plain form conversation: fill the fields one by one, then review (C-03) and send, decline or
// cancel (C-02). Only an explicit decline is `decline`; end of input and a server abort are
// `cancel` and hand back what was typed (E-23).
import type { FormAnswer, FormPrompt, PromptContext } from '../../contracts/renderer.js';
import { endedOutcome } from '../../core/choice-outcome.js';
import type { Field, FieldValue } from '../../core/form-model.js';
import { FormSession } from '../../core/form-session.js';
import type { CancelReason } from '../../core/outcome.js';
import { endingSentence, withdrawnEnding, withdrawnOutcome } from '../../core/prompt-ending.js';
import { sanitizeText } from '../../core/sanitize.js';
import { type Conversation, issueLines, reviewChoices } from './conversation.js';
import { describeField, fieldLabel, formRulesLines, parseTyped, shownValue } from './describe-field.js';
import { headerLines } from './header.js';
import { COMMANDS_LINE, classify, HELP_LINES, type Typed } from './line-commands.js';
import type { ReadResult } from './line-queue.js';

type Step =
  | { readonly kind: 'next' }
  | { readonly kind: 'back' }
  | { readonly kind: 'done'; readonly answer: FormAnswer };

export async function runFormDriver(
  prompt: FormPrompt,
  ctx: PromptContext,
  io: Conversation,
): Promise<FormAnswer> {
  return new FormDriver(prompt, ctx, io).run();
}

class FormDriver {
  readonly #prompt: FormPrompt;
  readonly #ctx: PromptContext;
  readonly #io: Conversation;
  /** Owns the answers, their issues, the review and the endings; this class only talks. */
  readonly #session: FormSession;

  constructor(prompt: FormPrompt, ctx: PromptContext, io: Conversation) {
    this.#prompt = prompt;
    this.#ctx = ctx;
    this.#io = io;
    this.#session = new FormSession(prompt);
  }

  async run(): Promise<FormAnswer> {
    // Withdrawn or interrupted while it waited its turn: never shown, so nothing to say or keep.
    if (this.#io.interrupted()) return { outcome: endedOutcome('interrupted') };
    if (this.#ctx.signal.aborted) return { outcome: withdrawnOutcome(this.#ctx.signal) };
    this.#io.say(
      ...headerLines(this.#ctx, this.#prompt.message),
      ...formRulesLines(this.#session.model),
      COMMANDS_LINE,
    );
    if (this.#session.restored) this.#io.say('Your earlier answers to this form were restored.');
    if (!this.#session.satisfiable) return this.#unsatisfiable();
    if (this.#session.confirmation) return this.#confirm();
    let from = 0;
    for (;;) {
      const walked = await this.#walk(from);
      if (walked) return walked;
      const fix = this.#problemsFirst();
      const reviewed = fix === undefined ? await this.#review() : { fixFrom: fix };
      if (!('fixFrom' in reviewed)) return reviewed;
      from = reviewed.fixFrom;
    }
  }

  /** Asks each field from `from` to the last; an answer when the form ended on the way. */
  async #walk(from: number): Promise<FormAnswer | undefined> {
    const { fields } = this.#session;
    let index = from;
    while (index < fields.length) {
      const step = await this.#askField(index, 'fill');
      if (step.kind === 'done') return step.answer;
      if (step.kind === 'back') {
        if (index === 0) this.#io.say('This is the first field.');
        index = Math.max(0, index - 1);
      } else {
        index += 1;
      }
    }
    return undefined;
  }

  /** Asks for the review: with problems it stays on the form, from the first one (core review()). */
  #problemsFirst(): number | undefined {
    const review = this.#session.review();
    if (review.opened) return undefined;
    this.#io.say('', 'To fix before the review:', ...issueLines(review.issues));
    return review.firstProblem ?? 0;
  }

  async #askField(index: number, mode: 'fill' | 'edit'): Promise<Step> {
    const field = this.#field(index);
    const value = this.#session.value(field.name);
    // After a restore every answer is offered as the current one, defaults included.
    const isDefault = this.#session.isDefault(field.name) && !this.#session.restored;
    this.#io.say(
      ...describeField(field, { index, total: this.#session.fields.length }, { value, isDefault }),
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
        candidate = this.#session.value(field.name);
      } else {
        const parsed = parseTyped(field, typed.text);
        if (!parsed.ok) {
          this.#io.say(
            `Not accepted: ${parsed.issues.map((issue) => issue.message).join(' ')}`,
            mode === 'edit' ? 'Try again, or :back to keep it.' : 'Try again.',
          );
          continue;
        }
        candidate = parsed.value;
      }
      const issues = this.#session.trySet(field.name, candidate);
      if (issues.length > 0) {
        this.#io.say(...issueLines(issues).map((line) => `Not accepted: ${line}`), 'Try again.');
        continue;
      }
      return { kind: 'next' };
    }
  }

  /** The review, until the form ends, or `fixFrom` once an edit left a problem (back to the form). */
  async #review(): Promise<FormAnswer | { readonly fixFrom: number }> {
    let show = true;
    for (;;) {
      if (show) {
        const fix = this.#problemsFirst();
        if (fix !== undefined) return { fixFrom: fix };
        this.#io.say('', 'Review your answers before sending:');
        this.#session.fields.forEach((field, index) => {
          this.#io.say(
            `${index + 1}. ${fieldLabel(field)}: ${shownValue(field, this.#session.value(field.name))}`,
          );
        });
        this.#io.say(this.#reviewChoices());
        show = false;
      }
      const choice = await this.#choice();
      if ('outcome' in choice) return choice;
      const { typed, word } = choice;
      // Enter does the default the choices line shows: send (refused, with the reasons, while invalid).
      if (word === '' || word === 's' || word === 'send' || word === 'submit') {
        const submitted = this.#session.submit();
        if (submitted.kind === 'refused') {
          this.#io.say('Cannot send yet:', ...issueLines(submitted.issues), this.#reviewChoices());
          continue;
        }
        this.#io.say('Sent.');
        return submitted.ending;
      }
      if (word === 'd' || word === 'decline') return this.#finish('decline');
      if (word === 'c' || word === 'cancel') return this.#finish('cancel');
      if (/^\d+$/.test(word)) {
        const number = Number(word);
        if (number >= 1 && number <= this.#session.fields.length) {
          const step = await this.#askField(this.#session.edit(number - 1), 'edit');
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

  // A form with no fields is a pure confirmation (E-13).
  async #confirm(): Promise<FormAnswer> {
    this.#io.say(
      'This request has no fields; it asks you to confirm.',
      'Type a to accept, d to decline, c to cancel.',
    );
    for (;;) {
      const choice = await this.#choice();
      if ('outcome' in choice) return choice;
      const { typed, word } = choice;
      if (word === 'a' || word === 'accept') {
        const submitted = this.#session.submit();
        if (submitted.kind !== 'refused') return submitted.ending;
        this.#io.say('Cannot accept:', ...issueLines(submitted.issues));
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

  // No answer can ever validate (E-14): offer only decline and cancel.
  async #unsatisfiable(): Promise<FormAnswer> {
    this.#io.say('This form cannot be completed: no answer can satisfy what the server asks for.');
    for (const note of this.#prompt.model.notes)
      this.#io.say(`Note: ${sanitizeText(note.message, { maxLength: 500 })}`);
    this.#io.say('Type d to decline, c to cancel.');
    for (;;) {
      const choice = await this.#choice();
      if ('outcome' in choice) return choice;
      const { word } = choice;
      if (word === 'd' || word === 'decline' || word === ':decline') return this.#finish('decline');
      if (word === 'c' || word === 'cancel' || word === ':cancel')
        return this.#cancel('unsatisfiable', 'Cancelled.');
      if (word === ':mute') return this.#mute();
      this.#io.say('Type d to decline, c to cancel.');
    }
  }

  /** The next line as a choice (`s`, `d`, `:mute`, ...), or how the prompt ended with the input. */
  async #choice(): Promise<{ readonly typed: Typed; readonly word: string } | FormAnswer> {
    const read = await this.#io.ask();
    if (read.kind !== 'line') return this.#ended(read);
    const typed = classify(read.text);
    return { typed, word: typed.kind === 'value' ? typed.text.trim().toLowerCase() : `:${typed.name}` };
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
    return this.#session.decline();
  }

  #mute(): FormAnswer {
    this.#io.say('Cancelled; further requests from this server are cancelled for this session.');
    return this.#session.mute();
  }

  #cancel(reason: CancelReason, notice: string): FormAnswer {
    this.#io.say(notice);
    return this.#session.cancel(reason);
  }

  #ended(read: Exclude<ReadResult, { kind: 'line' }>): FormAnswer {
    if (read.kind !== 'aborted')
      return this.#cancel(this.#io.inputEnd, 'Input ended; the request was cancelled and nothing was sent.');
    if (this.#io.interrupted()) {
      this.#io.say(endingSentence('interrupted'));
      return this.#session.cancel('interrupted', endedOutcome('interrupted').detail);
    }
    const { reason } = withdrawnOutcome(this.#ctx.signal);
    return this.#cancel(reason, endingSentence(withdrawnEnding(this.#ctx.signal)));
  }

  #field(index: number): Field {
    const field = this.#session.fields[index];
    if (!field) throw new RangeError(`no field at ${index}`);
    return field;
  }

  #reviewChoices(): string {
    return reviewChoices(this.#session.fields.length);
  }
}
