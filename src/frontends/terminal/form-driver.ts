// The terminal's form screen: focus, scrolling, the caret and text editing, turned into edits of
// one FormSession (core), which owns the values, their issues, the review and how the prompt ends.
// No I/O; the view (form-view.ts) draws it and the renderer feeds it keys.

import type { FormPrompt } from '../../contracts/renderer.js';
import type { Field } from '../../core/form-model.js';
import { type FormEnding, FormSession } from '../../core/form-session.js';
import { type SensitiveMatch, sensitiveReason } from '../../core/sensitive.js';
import { booleanKey, optionKey, textKey } from './field-keys.js';
import { isDismissKey, type KeyPress } from './keys.js';

/** What Escape (or Ctrl-D) over typed answers asks, once (docs/front-ends.md). */
export const DISCARD_QUESTION = 'Discard your answers? Esc again to cancel, any other key to go on.';

export type ButtonId = 'review' | 'submit' | 'edit' | 'decline' | 'cancel' | 'mute';

/** Something that can hold focus: a field row, one option of a select, a review row, a button. */
export type Item =
  | { readonly kind: 'field'; readonly field: number }
  | { readonly kind: 'option'; readonly field: number; readonly option: number }
  | { readonly kind: 'review-row'; readonly field: number }
  | { readonly kind: 'button'; readonly id: ButtonId };

export interface Status {
  readonly tone: 'error' | 'info';
  readonly text: string;
}

export class FormDriver {
  readonly session: FormSession;
  readonly fields: readonly Field[];
  readonly sensitive: ReadonlyMap<string, SensitiveMatch>;
  focus = 0;
  /** First body line shown; the view keeps it so the focused item stays visible. */
  scroll = 0;
  status: Status | undefined;

  readonly #caret = new Map<string, number>();
  #pasting = false;
  /** The answers as they were before the first key, to tell whether anything was typed since. */
  #before: string | undefined;
  /** Escape was pressed once over typed answers: a second one cancels, any other key goes on. */
  #confirming = false;

  constructor(prompt: FormPrompt) {
    // Widgets: a box holds text (blank is no answer); checkboxes with none ticked are no answer.
    this.session = new FormSession(prompt, { widgets: true });
    this.fields = this.session.fields;
    const sensitive = new Map<string, SensitiveMatch>();
    for (const field of this.fields) {
      const match = sensitiveReason(field);
      if (match) sensitive.set(field.name, match);
      if (field.kind === 'text' || field.kind === 'number')
        this.#caret.set(field.name, [...this.session.text(field.name)].length);
    }
    this.sensitive = sensitive;
    // A form without fields starts at the review (a pure confirmation, E-13).
    if (this.session.stage === 'review') this.#openReview();
  }

  get screen(): 'form' | 'review' {
    return this.session.stage === 'review' ? 'review' : 'form';
  }

  get satisfiable(): boolean {
    return this.session.satisfiable;
  }

  // ---- what the view reads -------------------------------------------------------------------

  items(): Item[] {
    const items: Item[] = [];
    if (this.screen === 'form') {
      this.fields.forEach((field, index) => {
        if (field.kind === 'single-select' || field.kind === 'multi-select') {
          field.options.forEach((_, option) => {
            items.push({ kind: 'option', field: index, option });
          });
        } else {
          items.push({ kind: 'field', field: index });
        }
      });
    } else {
      this.fields.forEach((_, index) => {
        items.push({ kind: 'review-row', field: index });
      });
    }
    for (const id of this.buttons()) items.push({ kind: 'button', id });
    return items;
  }

  buttons(): ButtonId[] {
    const first: ButtonId[] = this.screen === 'form' ? ['review'] : ['submit', 'edit'];
    const usable = this.satisfiable ? first : first.filter((id) => id === 'edit');
    if (this.fields.length === 0)
      return [...usable.filter((id) => id !== 'edit'), 'decline', 'cancel', 'mute'];
    return [...usable, 'decline', 'cancel', 'mute'];
  }

  focused(): Item | undefined {
    return this.items()[this.focus];
  }

  caret(name: string): number {
    return this.#caret.get(name) ?? 0;
  }

  // ---- keys ----------------------------------------------------------------------------------

  handleKey(key: KeyPress): FormEnding | undefined {
    this.#before ??= JSON.stringify(this.session.draft());
    if (isDismissKey(key)) return this.#dismiss();
    this.#confirming = false;
    // Bracketed paste: a pasted line break must not jump to the next field or press a button.
    if (key.name === 'paste-start' || key.name === 'paste-end') {
      this.#pasting = key.name === 'paste-start';
      return undefined;
    }
    if (this.#pasting && (key.name === 'return' || key.name === 'enter' || key.name === 'tab')) {
      return this.handleKey({ ch: ' ', name: 'space', ctrl: false, meta: false, shift: false });
    }
    this.status = undefined;
    const item = this.focused();
    if (key.name === 'tab' && item?.kind === 'review-row' && !key.shift) {
      this.#setFocus(this.items().findIndex((i) => i.kind === 'button'));
      return undefined;
    }
    if (key.name === 'tab') {
      this.#moveField(key.shift ? -1 : 1);
      return undefined;
    }
    if (item?.kind === 'button') return this.#buttonKey(item.id, key);
    if (key.name === 'up' || key.name === 'down') {
      this.#setFocus(this.focus + (key.name === 'up' ? -1 : 1));
      return undefined;
    }
    if (key.name === 'pagedown') {
      this.#setFocus(this.items().findIndex((i) => i.kind === 'button'));
      return undefined;
    }
    if (key.name === 'pageup') {
      this.#setFocus(0);
      return undefined;
    }
    if (item?.kind === 'review-row') {
      if (key.name === 'return' || key.name === 'space') this.#editField(item.field);
      return undefined;
    }
    if (item === undefined) return undefined;
    const field = this.fields[item.field];
    if (field === undefined) return undefined;
    const effect =
      item.kind === 'option'
        ? optionKey(this.session, field, item.option, key)
        : field.kind === 'boolean'
          ? booleanKey(this.session, field, key)
          : textKey(this.session, field, key, this.caret(field.name));
    if (effect.refusal !== undefined) this.status = { tone: 'error', text: effect.refusal };
    if (effect.caret !== undefined) this.#caret.set(field.name, effect.caret);
    if (effect.next) this.#moveField(1);
    return undefined;
  }

  #buttonKey(id: ButtonId, key: KeyPress): FormEnding | undefined {
    const items = this.items();
    const firstButton = items.findIndex((i) => i.kind === 'button');
    if (key.name === 'left' || key.name === 'right') {
      const next = this.focus + (key.name === 'left' ? -1 : 1);
      if (next >= firstButton && next < items.length) this.focus = next;
      return undefined;
    }
    if (key.name === 'up') {
      if (firstButton > 0) this.#setFocus(firstButton - 1);
      return undefined;
    }
    if (key.name === 'pageup') {
      this.#setFocus(0);
      return undefined;
    }
    if (key.name !== 'return' && key.name !== 'space') return undefined;
    switch (id) {
      case 'review':
        this.#openReview();
        return undefined;
      case 'edit':
        this.#editField();
        return undefined;
      case 'submit':
        return this.#submit();
      case 'decline':
        return this.session.decline();
      case 'cancel':
        return this.session.cancel();
      case 'mute':
        return this.session.mute();
    }
  }

  /** Escape over typed answers asks once before they go; with nothing typed it cancels at once. */
  #dismiss(): FormEnding | undefined {
    if (this.#confirming || JSON.stringify(this.session.draft()) === this.#before)
      return this.session.cancel();
    this.#confirming = true;
    this.status = { tone: 'error', text: DISCARD_QUESTION };
    return undefined;
  }

  #submit(): FormEnding | undefined {
    const submitted = this.session.submit();
    if (submitted.kind !== 'refused') return submitted.ending;
    const { issues, firstProblem } = submitted;
    const first = issues[0]?.message ?? 'The answers do not fit the form.';
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    this.status = { tone: 'error', text: `Not sent: ${first}${more} Choose a line to fix it.` };
    // Review rows come first, so a field's index is its row's item index.
    if (firstProblem !== undefined) this.focus = firstProblem;
    return undefined;
  }

  #openReview(): void {
    const { opened, issues, firstProblem } = this.session.review();
    if (!opened) {
      // The form stays, every problem shown in place (core/form-session.ts review()).
      this.#editField(firstProblem);
      const first = issues[0]?.message ?? 'The answers do not fit the form.';
      this.status = { tone: 'error', text: `Fix ${issues.length} answer(s) before the review. ${first}` };
      return;
    }
    this.scroll = 0;
    const items = this.items();
    const submit = items.findIndex((i) => i.kind === 'button' && (i.id === 'submit' || i.id === 'decline'));
    this.focus = Math.max(0, submit);
  }

  /** Back to the form at `index`, else at the first field with a problem. */
  #editField(index?: number): void {
    const target = this.session.edit(index);
    this.scroll = 0;
    const at = this.items().findIndex(
      (i) => (i.kind === 'field' || i.kind === 'option') && i.field === target,
    );
    this.focus = Math.max(0, at);
    const field = this.fields[target];
    // Tab moves to the next field; PgDn reaches the buttons, where "Review answers" comes first.
    if (field)
      this.status = {
        tone: 'info',
        text: `Editing "${field.label}". PgDn then Enter goes back to the review.`,
      };
  }

  #setFocus(index: number): void {
    const items = this.items();
    if (items.length === 0) return;
    this.focus = Math.max(0, Math.min(items.length - 1, index));
  }

  /** Tab: the next field (skipping the other options of a select), then the buttons. */
  #moveField(step: 1 | -1): void {
    const items = this.items();
    const current = items[this.focus];
    const currentField = current && 'field' in current ? current.field : undefined;
    let index = this.focus;
    for (;;) {
      index += step;
      if (index < 0 || index >= items.length) {
        this.#setFocus(step > 0 ? 0 : items.length - 1);
        return;
      }
      const item = items[index];
      if (item === undefined) return;
      if (item.kind === 'button') {
        this.#setFocus(index);
        return;
      }
      if (item.field !== currentField) {
        // Land on the first option of the field, also when moving backwards.
        const first = items.findIndex((i) => 'field' in i && i.field === item.field);
        this.#setFocus(step > 0 ? index : first);
        return;
      }
    }
  }
}
