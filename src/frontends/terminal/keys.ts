// Key presses as the screens see them, decoded from node:readline keypress events.

export interface KeyPress {
  /** The character typed, when the key is a printable character (no Ctrl/Alt). */
  readonly ch?: string;
  /** readline's key name: 'up', 'tab', 'return', 'escape', 'backspace', 'a', ... */
  readonly name?: string;
  readonly ctrl: boolean;
  readonly meta: boolean;
  readonly shift: boolean;
}

interface ReadlineKey {
  readonly name?: string | undefined;
  readonly ctrl?: boolean | undefined;
  readonly meta?: boolean | undefined;
  readonly shift?: boolean | undefined;
}

// A printable character: not C0/DEL/C1, not an escape sequence.
// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const NON_PRINTABLE = /[\u0000-\u001f\u007f-\u009f]/;

export function toKeyPress(str: string | undefined, key: ReadlineKey | undefined): KeyPress {
  const ctrl = key?.ctrl === true;
  const meta = key?.meta === true;
  const printable = str !== undefined && !ctrl && !meta && [...str].length === 1 && !NON_PRINTABLE.test(str);
  return {
    ...(printable ? { ch: str } : {}),
    ...(key?.name === undefined ? {} : { name: key.name }),
    ctrl,
    meta,
    shift: key?.shift === true,
  };
}

/** Escape and Ctrl-D end a prompt as cancel (dismissed), never as decline (E-23). */
export function isDismissKey(key: KeyPress): boolean {
  if (key.name === 'escape') return true;
  return key.ctrl && key.name === 'd';
}

/** Ctrl-C interrupts mcp-elicit, in a form as anywhere (core/prompt-ending.ts). */
export function isInterruptKey(key: KeyPress): boolean {
  return key.ctrl && key.name === 'c';
}
