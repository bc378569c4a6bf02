// "This server keeps asking: mute it?" (spec C-21): shown in the prompt's turn when a server goes
// over its rate. Show it lets this prompt through; Cancel drops just this one; Mute cancels it and
// every further request from the server for the session. Esc is Cancel (nothing was answered).
import { type OverRateChoice, type OverRateInfo, overRateText } from '../over-rate.js';
import type { PromptContext } from '../renderer.js';
import { buttonLines, compose, type Frame, headerLines, rule, type Size, serverName } from './frame.js';
import { isDismissKey, type KeyPress } from './keys.js';
import { seg } from './style.js';
import { wrap } from './text-layout.js';

const BUTTONS: readonly { readonly choice: OverRateChoice; readonly label: string }[] = [
  { choice: 'mute', label: 'Mute this server' },
  { choice: 'allow', label: 'Show the request' },
  { choice: 'cancel', label: 'Cancel this one' },
];

export class OverRateController {
  focus = 0;
  scroll = 0;
  status: string | undefined;

  handleKey(key: KeyPress): OverRateChoice | undefined {
    if (isDismissKey(key)) return 'cancel';
    if (key.name === 'left' || (key.name === 'tab' && key.shift))
      this.focus = (this.focus + BUTTONS.length - 1) % BUTTONS.length;
    else if (key.name === 'right' || key.name === 'tab') this.focus = (this.focus + 1) % BUTTONS.length;
    else if (key.name === 'return' || key.name === 'space') return BUTTONS[this.focus]?.choice;
    else if (key.ch === 'm') return 'mute';
    else if (key.ch === 's') return 'allow';
    else if (key.ch === 'c') return 'cancel';
    return undefined;
  }
}

export function overRateFrame(
  ctrl: OverRateController,
  info: OverRateInfo,
  ctx: PromptContext,
  size: Size,
): Frame {
  const width = size.columns - 1;
  const server = serverName(ctx);
  const text = [
    overRateText(info),
    '',
    `Mute it to cancel this and every further request from ${server} until the session ends, or look at this one request.`,
  ];
  const body = text
    .flatMap((line) => (line === '' ? [''] : wrap(line, width)))
    .map((t) => ({ line: [seg(t)] }));
  const { frame, scroll } = compose(
    {
      header: headerLines('Too many requests from', ctx, width, [rule(width)]),
      body,
      focus: -1,
      scroll: ctrl.scroll,
      status: ctrl.status ? [seg(ctrl.status, 'warn')] : [],
      buttons: buttonLines(
        BUTTONS.map((b, i) => ({ label: b.label, focused: i === ctrl.focus })),
        width,
      ),
      keys: 'm mute · s show · c cancel · ←→ choose · Enter press · Esc cancel',
    },
    size,
  );
  ctrl.scroll = scroll;
  return frame;
}
