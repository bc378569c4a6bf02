// A screen that is a few lines of text and a row of buttons (the URL waiting state, "this server
// keeps asking"): ←→/Tab move, Enter/Space press, a letter presses its button, Esc/Ctrl-D dismiss.
import type { PromptContext } from '../../contracts/renderer.js';
import { buttonLines, compose, type Frame, headerLines, rule, type Size } from './frame.js';
import { isDismissKey, type KeyPress } from './keys.js';
import { seg } from './style.js';
import { wrap } from './text-layout.js';

export interface ChoiceButton<C> {
  readonly choice: C;
  readonly label: string;
  /** The letter that presses it. */
  readonly key: string;
}

export class ChoiceController<C> {
  focus = 0;
  scroll = 0;
  status: string | undefined;
  readonly buttons: readonly ChoiceButton<C>[];
  readonly #dismissed: C;

  constructor(buttons: readonly ChoiceButton<C>[], dismissed: C) {
    this.buttons = buttons;
    this.#dismissed = dismissed;
  }

  handleKey(key: KeyPress): C | undefined {
    const count = this.buttons.length;
    if (isDismissKey(key)) return this.#dismissed;
    if (key.name === 'left' || (key.name === 'tab' && key.shift))
      this.focus = (this.focus + count - 1) % count;
    else if (key.name === 'right' || key.name === 'tab') this.focus = (this.focus + 1) % count;
    else if (key.name === 'return' || key.name === 'space') return this.buttons[this.focus]?.choice;
    else return this.buttons.find((button) => button.key === key.ch)?.choice;
    return undefined;
  }
}

/** `paragraphs` are wrapped to the width; an empty string is a blank line. */
export function choiceFrame<C>(
  ctrl: ChoiceController<C>,
  screen: { readonly title: string; readonly paragraphs: readonly string[]; readonly keys: string },
  ctx: PromptContext,
  size: Size,
): Frame {
  const width = size.columns - 1;
  const body = screen.paragraphs
    .flatMap((text) => (text === '' ? [''] : wrap(text, width)))
    .map((text) => ({ line: [seg(text)] }));
  const { frame, scroll } = compose(
    {
      header: headerLines(screen.title, ctx, width, [rule(width)]),
      body,
      focus: -1,
      scroll: ctrl.scroll,
      status: ctrl.status ? [seg(ctrl.status, 'warn')] : [],
      buttons: buttonLines(
        ctrl.buttons.map((b, i) => ({ label: b.label, focused: i === ctrl.focus })),
        width,
      ),
      keys: screen.keys,
    },
    size,
  );
  ctrl.scroll = scroll;
  return frame;
}
