// Plain "this server keeps asking: mute it?" (spec C-21), asked in the prompt's turn when a server
// goes over its rate. Only an explicit "s" shows the request; end of input or the server's
// withdrawal cancels just this one.
import type { OverRateChoice, OverRateInfo } from '../../contracts/over-rate.js';
import type { PromptContext } from '../../contracts/renderer.js';
import { endingSentence } from '../../core/prompt-ending.js';
import { overRateText } from '../over-rate.js';
import type { Conversation } from './conversation.js';
import { serverLine } from './header.js';

const CHOICES = 'Type m to mute this server for the session, s to show the request, c to cancel it.';

export async function runOverRateDialog(
  info: OverRateInfo,
  ctx: PromptContext,
  io: Conversation,
): Promise<OverRateChoice> {
  if (ctx.signal.aborted) return 'cancel';
  io.say(`Server: ${serverLine(ctx)}`, overRateText(info), CHOICES);
  for (;;) {
    const read = await io.ask();
    if (read.kind !== 'line') {
      io.say(
        read.kind !== 'aborted'
          ? 'Input ended; cancelled.'
          : io.interrupted()
            ? endingSentence('interrupted')
            : 'The server withdrew this request.',
      );
      return 'cancel';
    }
    const word = read.text.trim().toLowerCase();
    if (word === 'm' || word === 'mute' || word === ':mute') {
      io.say('Muted: further requests from this server are cancelled for this session.');
      return 'mute';
    }
    if (word === 's' || word === 'show') return 'allow';
    if (word === 'c' || word === 'cancel' || word === ':cancel') {
      io.say('Cancelled.');
      return 'cancel';
    }
    io.say(`Not understood. ${CHOICES}`);
  }
}
