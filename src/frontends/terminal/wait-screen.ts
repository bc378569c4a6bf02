// The waiting state after a URL was opened (C-14): Done / Retry now / Cancel, because a completion
// notification may never come and, on 2026-07-28, the server learns the outcome only from the retry.
import type { PromptContext } from '../../contracts/renderer.js';
import type { UrlWaitChoice, UrlWaitInfo } from '../../contracts/url-step.js';
import { sanitizeText } from '../../core/sanitize.js';
import { ChoiceController, choiceFrame } from './choice-screen.js';
import type { Frame, Size } from './frame.js';

export class WaitController extends ChoiceController<UrlWaitChoice> {
  constructor() {
    super(
      [
        { choice: 'done', label: 'Done', key: 'd' },
        { choice: 'retry', label: 'Retry now', key: 'r' },
        { choice: 'cancel', label: 'Cancel', key: 'c' },
      ],
      'cancel',
    );
  }
}

export function waitFrame(ctrl: WaitController, info: UrlWaitInfo, ctx: PromptContext, size: Size): Frame {
  const lead =
    info.reason === 'browser-failed'
      ? 'The browser could not be started. Open this address yourself, then choose Done:'
      : info.reason === 'retry-pending'
        ? 'The server says this step is not finished yet. Finish it in the browser, then choose Done:'
        : 'Finish in your browser, then choose Done (Retry now asks the server again):';
  return choiceFrame(
    ctrl,
    {
      title: 'Waiting for a web page from',
      paragraphs: [lead, '', sanitizeText(info.url, { maxLength: 4000 })],
      keys: 'd done · r retry now · ←→ choose · Enter press · Esc cancel',
    },
    ctx,
    size,
  );
}
