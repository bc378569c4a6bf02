// What a key does to the focused field of the form screen: ticks an option, sets yes or no, or
// edits a box's text at the caret, through the FormSession. The effect tells the controller what
// else to do: move on, say why a key was refused, or put the caret somewhere.
import type { Field, FieldValue } from '../../core/form-model.js';
import type { FormSession } from '../../core/form-session.js';
import type { KeyPress } from './keys.js';

export interface KeyEffect {
  /** Enter: go to the next field. */
  readonly next?: boolean;
  /** Why the key changed nothing (a character a number cannot hold, a full multi-select). */
  readonly refusal?: string;
  /** Where a box's caret is now. */
  readonly caret?: number;
}

const NUMBER_CHARS = /^[0-9eE+\-.]$/;
const INTEGER_CHARS = /^[0-9eE+-]$/;

export function optionKey(session: FormSession, field: Field, option: number, key: KeyPress): KeyEffect {
  if (field.kind !== 'single-select' && field.kind !== 'multi-select') return {};
  const chosen = field.options[option];
  if (chosen === undefined) return {};
  if (key.name === 'return' && field.kind === 'multi-select') {
    return { next: true };
  }
  if (key.name !== 'space' && key.name !== 'return') return {};
  session.touch(field.name);
  const current = session.value(field.name);
  if (field.kind === 'single-select') {
    const deselect = key.name === 'space' && current === chosen.value && !field.required;
    session.set(field.name, deselect ? undefined : chosen.value);
    return key.name === 'return' ? { next: true } : {};
  }
  const list = Array.isArray(current) ? [...current] : [];
  const at = list.indexOf(chosen.value);
  if (at >= 0) {
    list.splice(at, 1);
  } else {
    if (field.maxItems !== undefined && list.length >= field.maxItems) {
      return { refusal: `"${field.label}" allows at most ${field.maxItems}; clear one first (Space).` };
    }
    list.push(chosen.value);
    // Keep the server's option order, whatever order the person ticked them in.
    const order = field.options.map((o) => o.value);
    list.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  }
  session.set(field.name, list);
  return {};
}

export function booleanKey(session: FormSession, field: Field, key: KeyPress): KeyEffect {
  const current = session.value(field.name);
  let next: FieldValue | undefined = current;
  if (key.name === 'return') {
    return { next: true };
  }
  if (key.name === 'space' || key.name === 'left' || key.name === 'right') next = current !== true;
  else if (key.ch === 'y' || key.ch === 'Y') next = true;
  else if (key.ch === 'n' || key.ch === 'N') next = false;
  else if ((key.name === 'backspace' || key.name === 'delete') && !field.required) next = undefined;
  else return {};
  session.set(field.name, next);
  return {};
}

export function textKey(session: FormSession, field: Field, key: KeyPress, at: number): KeyEffect {
  if (field.kind !== 'text' && field.kind !== 'number') return {};
  const text = session.text(field.name);
  const chars = [...text];
  let caret = Math.min(at, chars.length);
  const name = key.name;
  if (name === 'return') {
    return { next: true };
  }
  if (key.ch !== undefined) {
    if (field.kind === 'number' && !(field.integer ? INTEGER_CHARS : NUMBER_CHARS).test(key.ch)) {
      return {
        refusal: field.integer
          ? `"${field.label}" takes a whole number: digits and a minus sign.`
          : `"${field.label}" takes a number: digits, a dot, a minus sign.`,
      };
    }
    // A pre-filled default is replaced by what is typed, not appended to (42 then 2.5 is 2.5).
    if (field.kind === 'number' && session.isDefault(field.name) && !session.isTouched(field.name)) {
      chars.splice(0);
      caret = 0;
    }
    if (field.kind === 'text' && field.maxLength !== undefined && chars.length >= field.maxLength) {
      return { refusal: `"${field.label}" takes at most ${field.maxLength} characters.` };
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
    return {};
  }
  const edited = chars.join('');
  // Moving the caret counts as visiting the field: its issue shows from now.
  if (edited === text) session.touch(field.name);
  else session.setText(field.name, edited);
  return { caret };
}
