// "This server keeps asking: mute it?" (spec C-21): shown in the prompt's turn when a server goes
// over its rate. Show it lets this prompt through; Cancel drops just this one; Mute cancels it and
// every further request from the server for the session. Esc is Cancel (nothing was answered).
import type { OverRateChoice, OverRateInfo } from '../../contracts/over-rate.js';
import type { PromptContext } from '../../contracts/renderer.js';
import { overRateText } from '../over-rate.js';
import { ChoiceController, choiceFrame } from './choice-screen.js';
import { type Frame, type Size, serverName } from './frame.js';

export class OverRateController extends ChoiceController<OverRateChoice> {
  constructor() {
    super(
      [
        { choice: 'mute', label: 'Mute this server', key: 'm' },
        { choice: 'allow', label: 'Show the request', key: 's' },
        { choice: 'cancel', label: 'Cancel this one', key: 'c' },
      ],
      'cancel',
    );
  }
}

export function overRateFrame(
  ctrl: OverRateController,
  info: OverRateInfo,
  ctx: PromptContext,
  size: Size,
): Frame {
  const mute = `Mute it to cancel this and every further request from ${serverName(ctx)} until the session ends, or look at this one request.`;
  return choiceFrame(
    ctrl,
    {
      title: 'Too many requests from',
      paragraphs: [overRateText(info), '', mute],
      keys: 'm mute · s show · c cancel · ←→ choose · Enter press · Esc cancel',
    },
    ctx,
    size,
  );
}
