// The whole-form state machine: focus, edits, review, and how the prompt ends. No I/O; the view
// (form-view.ts) draws it and the renderer feeds it keys.
import type { FormPrompt } from '../../contracts/renderer.js';
import type { Draft, Field, FieldValue, FormContent } from '../../core/form-model.js';
import type { FieldIssue } from '../../core/issues.js';
import { setOwn } from '../../core/own-property.js';
import { type SensitiveMatch, sensitiveReason } from '../../core/sensitive.js';
import { parseFieldInput } from '../../core/value-parse.js';
import { isDismissKey, type KeyPress } from './keys.js';

export type FormEnd =
  | { readonly kind: 'accept'; readonly content: FormContent }
  | { readonly kind: 'decline' }
  | { readonly kind: 'dismiss' }
  | { readonly kind: 'mute' };

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

const NUMBER_CHARS = /^[0-9eE+\-.]$/;

function sameValue(a: FieldValue | undefined, b: FieldValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}

export class FormController {
  readonly fields: readonly Field[];
  readonly sensitive: ReadonlyMap<string, SensitiveMatch>;
  screen: 'form' | 'review';
  focus = 0;
  /** First body line shown; the view keeps it so the focused item stays visible. */
  scroll = 0;
  status: Status | undefined;
  /** Issues are shown for every field once the person has opened the review. */
  reviewed = false;

  readonly #prompt: FormPrompt;
  readonly #text = new Map<string, string>();
  readonly #caret = new Map<string, number>();
  readonly #values = new Map<string, FieldValue | undefined>();
  readonly #touched = new Set<string>();
  #pasting = false;
  /** Issues of the current answers; cleared on every edit (views ask for them many times). */
  #issues: FieldIssue[] | undefined;

  constructor(prompt: FormPrompt) {
    this.#prompt = prompt;
    this.fields = prompt.model.fields;
    const sensitive = new Map<string, SensitiveMatch>();
    for (const field of this.fields) {
      const match = sensitiveReason(field);
      if (match) sensitive.set(field.name, match);
      const initial = Object.hasOwn(prompt.initial, field.name) ? prompt.initial[field.name] : undefined;
      if (field.kind === 'text' || field.kind === 'number') {
        const text = initial === undefined ? '' : String(initial);
        this.#text.set(field.name, text);
        this.#caret.set(field.name, [...text].length);
      } else {
        this.#values.set(field.name, Array.isArray(initial) ? [...initial] : initial);
      }
    }
    this.sensitive = sensitive;
    // A form without fields is a pure confirmation (edge case 13): go straight to the review.
    this.screen = this.fields.length === 0 ? 'review' : 'form';
    if (this.screen === 'review') this.#openReview();
  }

  get satisfiable(): boolean {
    return this.#prompt.model.satisfiable;
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

  text(name: string): string {
    return this.#text.get(name) ?? '';
  }

  caret(name: string): number {
    return this.#caret.get(name) ?? 0;
  }

  value(field: Field): FieldValue | undefined {
    if (field.kind === 'text' || field.kind === 'number') {
      const parsed = parseFieldInput(field, this.text(field.name));
      return parsed.ok ? parsed.value : undefined;
    }
    return this.#values.get(field.name);
  }

  /** True while the value is still the schema default the server supplied (SEP-1034, C-09). */
  isDefault(field: Field): boolean {
    if (!this.#prompt.defaulted.has(field.name)) return false;
    return sameValue(this.value(field), this.#prompt.initial[field.name]);
  }

  draft(): Draft {
    const draft: Draft = {};
    for (const field of this.fields) {
      const value = this.value(field);
      if (value === undefined) continue;
      if (Array.isArray(value) && value.length === 0) continue;
      setOwn(draft, field.name, value);
    }
    return draft;
  }

  /** All problems: text that does not parse (e.g. "12a" in a number) and the engine's issues. */
  issues(): FieldIssue[] {
    this.#issues ??= this.#check();
    return this.#issues;
  }

  #check(): FieldIssue[] {
    const local: FieldIssue[] = [];
    const unparsable = new Set<string>();
    for (const field of this.fields) {
      if (field.kind !== 'number') continue;
      const parsed = parseFieldInput(field, this.text(field.name));
      if (!parsed.ok) {
        unparsable.add(field.name);
        local.push({ field: field.name, code: 'type', message: parsed.message });
      }
    }
    const result = this.#prompt.validate(this.draft());
    const engine = result.ok
      ? []
      : result.issues.filter((i) => i.field === undefined || !unparsable.has(i.field));
    return [...local, ...engine];
  }

  /** The issue to show under a field: once the person edited it or opened the review. */
  visibleIssue(field: Field): FieldIssue | undefined {
    if (!this.reviewed && !this.#touched.has(field.name)) return undefined;
    return this.issues().find((issue) => issue.field === field.name);
  }

  // ---- keys ----------------------------------------------------------------------------------

  handleKey(key: KeyPress): FormEnd | undefined {
    if (isDismissKey(key)) return { kind: 'dismiss' };
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
    if (item.kind === 'option') this.#optionKey(field, item.option, key);
    else if (field.kind === 'boolean') this.#booleanKey(field, key);
    else this.#textKey(field, key);
    return undefined;
  }

  #buttonKey(id: ButtonId, key: KeyPress): FormEnd | undefined {
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
        this.#backToForm();
        return undefined;
      case 'submit':
        return this.#submit();
      case 'decline':
        return { kind: 'decline' };
      case 'cancel':
        return { kind: 'dismiss' };
      case 'mute':
        return { kind: 'mute' };
    }
  }

  #submit(): FormEnd | undefined {
    const issues = this.issues();
    if (issues.length === 0) {
      const result = this.#prompt.validate(this.draft());
      if (result.ok) return { kind: 'accept', content: result.value };
    }
    const first = issues[0]?.message ?? 'The answers do not fit the form.';
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    this.status = { tone: 'error', text: `Not sent: ${first}${more} Choose a line to fix it.` };
    const bad = this.fields.findIndex((f) => issues.some((i) => i.field === f.name));
    if (bad >= 0) this.focus = bad;
    return undefined;
  }

  #openReview(): void {
    this.screen = 'review';
    this.reviewed = true;
    this.scroll = 0;
    const issues = this.issues();
    const bad = this.fields.findIndex((f) => issues.some((i) => i.field === f.name));
    const items = this.items();
    const submit = items.findIndex((i) => i.kind === 'button' && (i.id === 'submit' || i.id === 'decline'));
    this.focus = bad >= 0 ? bad : Math.max(0, submit);
    if (bad >= 0)
      this.status = { tone: 'error', text: `${issues.length} answer(s) need fixing before you can submit.` };
  }

  #backToForm(): void {
    const issues = this.issues();
    const bad = this.fields.findIndex((f) => issues.some((i) => i.field === f.name));
    this.#editField(Math.max(0, bad));
  }

  #editField(index: number): void {
    this.screen = 'form';
    this.scroll = 0;
    const at = this.items().findIndex(
      (i) => (i.kind === 'field' || i.kind === 'option') && i.field === index,
    );
    this.focus = Math.max(0, at);
    const field = this.fields[index];
    if (field) this.status = { tone: 'info', text: `Editing "${field.label}". Then Tab to Review.` };
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

  #optionKey(field: Field, option: number, key: KeyPress): void {
    if (field.kind !== 'single-select' && field.kind !== 'multi-select') return;
    const chosen = field.options[option];
    if (chosen === undefined) return;
    if (key.name === 'return' && field.kind === 'multi-select') {
      this.#moveField(1);
      return;
    }
    if (key.name !== 'space' && key.name !== 'return') return;
    this.#touched.add(field.name);
    if (field.kind === 'single-select') {
      const current = this.#values.get(field.name);
      const deselect = key.name === 'space' && current === chosen.value && !field.required;
      this.#values.set(field.name, deselect ? undefined : chosen.value);
      this.#issues = undefined;
      if (key.name === 'return') this.#moveField(1);
      return;
    }
    const current = this.#values.get(field.name);
    const list = Array.isArray(current) ? [...current] : [];
    const at = list.indexOf(chosen.value);
    if (at >= 0) {
      list.splice(at, 1);
    } else {
      if (field.maxItems !== undefined && list.length >= field.maxItems) {
        this.status = {
          tone: 'error',
          text: `"${field.label}" allows at most ${field.maxItems}; clear one first (Space).`,
        };
        return;
      }
      list.push(chosen.value);
      // Keep the server's option order, whatever order the person ticked them in.
      const order = field.options.map((o) => o.value);
      list.sort((a, b) => order.indexOf(a) - order.indexOf(b));
    }
    this.#values.set(field.name, list);
    this.#issues = undefined;
  }

  #booleanKey(field: Field, key: KeyPress): void {
    const current = this.#values.get(field.name);
    let next: FieldValue | undefined = current;
    if (key.name === 'return') {
      this.#moveField(1);
      return;
    }
    if (key.name === 'space' || key.name === 'left' || key.name === 'right') next = current !== true;
    else if (key.ch === 'y' || key.ch === 'Y') next = true;
    else if (key.ch === 'n' || key.ch === 'N') next = false;
    else if ((key.name === 'backspace' || key.name === 'delete') && !field.required) next = undefined;
    else return;
    this.#touched.add(field.name);
    this.#values.set(field.name, next);
    this.#issues = undefined;
  }

  #textKey(field: Field, key: KeyPress): void {
    if (field.kind !== 'text' && field.kind !== 'number') return;
    const chars = [...this.text(field.name)];
    let caret = Math.min(this.caret(field.name), chars.length);
    const name = key.name;
    if (name === 'return') {
      this.#moveField(1);
      return;
    }
    if (key.ch !== undefined) {
      if (field.kind === 'number' && !NUMBER_CHARS.test(key.ch)) {
        this.status = {
          tone: 'error',
          text: `"${field.label}" takes a number: digits, a dot, a minus sign.`,
        };
        return;
      }
      if (field.kind === 'text' && field.maxLength !== undefined && chars.length >= field.maxLength) {
        this.status = {
          tone: 'error',
          text: `"${field.label}" takes at most ${field.maxLength} characters.`,
        };
        return;
      }
      chars.splice(caret, 0, key.ch);
      caret += 1;
    } else if (name === 'backspace' && caret > 0) {
      chars.splice(caret - 1, 1);
      caret -= 1;
    } else if (name === 'delete' && caret < chars.length) {
      chars.splice(caret, 1);
    } else if (name === 'left') {
      caret = Math.max(0, caret - 1);
    } else if (name === 'right') {
      caret = Math.min(chars.length, caret + 1);
    } else if (name === 'home' || (key.ctrl && name === 'a')) {
      caret = 0;
    } else if (name === 'end' || (key.ctrl && name === 'e')) {
      caret = chars.length;
    } else if (key.ctrl && name === 'u') {
      chars.splice(0, caret);
      caret = 0;
    } else if (key.ctrl && name === 'k') {
      chars.splice(caret);
    } else {
      return;
    }
    this.#touched.add(field.name);
    this.#text.set(field.name, chars.join(''));
    this.#issues = undefined;
    this.#caret.set(field.name, caret);
  }
}
