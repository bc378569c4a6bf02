// The waiting state after a URL was opened (C-14): Done / Retry now / Cancel, because a completion
// notification may never come and, on 2026-07-28, the server learns the outcome only from the retry.
import type { PromptContext } from '../../contracts/renderer.js';
import type { UrlWaitChoice, UrlWaitInfo } from '../../contracts/url-step.js';
import { sanitizeText } from '../../core/sanitize.js';
import { buttonLines, compose, type Frame, headerLines, rule, type Size } from './frame.js';
import { isDismissKey, type KeyPress } from './keys.js';
import { seg } from './style.js';
import { wrap } from './text-layout.js';

const BUTTONS: readonly { readonly choice: UrlWaitChoice; readonly label: string }[] = [
  { choice: 'done', label: 'Done' },
  { choice: 'retry', label: 'Retry now' },
  { choice: 'cancel', label: 'Cancel' },
];

export class WaitController {
  focus = 0;
  scroll = 0;
  status: string | undefined;

  handleKey(key: KeyPress): UrlWaitChoice | undefined {
    if (isDismissKey(key)) return 'cancel';
    if (key.name === 'left' || (key.name === 'tab' && key.shift))
      this.focus = (this.focus + BUTTONS.length - 1) % BUTTONS.length;
    else if (key.name === 'right' || key.name === 'tab') this.focus = (this.focus + 1) % BUTTONS.length;
    else if (key.name === 'return' || key.name === 'space') return BUTTONS[this.focus]?.choice;
    else if (key.ch === 'd') return 'done';
    else if (key.ch === 'r') return 'retry';
    return undefined;
  }
}

export function waitFrame(ctrl: WaitController, info: UrlWaitInfo, ctx: PromptContext, size: Size): Frame {
  const width = size.columns - 1;
  const url = sanitizeText(info.url, { maxLength: 4000 });
  const lead =
    info.reason === 'browser-failed'
      ? 'The browser could not be started. Open this address yourself, then choose Done:'
      : info.reason === 'retry-pending'
        ? 'The server says this step is not finished yet. Finish it in the browser, then choose Done:'
        : 'Finish in your browser, then choose Done (Retry now asks the server again):';
  const body = [...wrap(lead, width), '', ...wrap(url, width)].map((text) => ({ line: [seg(text)] }));
  const { frame, scroll } = compose(
    {
      header: headerLines('Waiting for a web page from', ctx, width, [rule(width)]),
      body,
      focus: -1,
      scroll: ctrl.scroll,
      status: ctrl.status ? [seg(ctrl.status, 'warn')] : [],
      buttons: buttonLines(
        BUTTONS.map((b, i) => ({ label: b.label, focused: i === ctrl.focus })),
        width,
      ),
      keys: 'd done · r retry now · ←→ choose · Enter press · Esc cancel',
    },
    size,
  );
  ctrl.scroll = scroll;
  return frame;
}
