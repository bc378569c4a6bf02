// Plain consent for a URL-mode request: who asks, why, the full URL on its own line (C-26), the
// registrable domain on a line of its own (C-28), the IDN forms and every warning (C-29). Only an
// explicit "o" consents (C-25); the browser is opened elsewhere, after this answer.
import type { PromptContext, UrlAnswer, UrlPrompt } from '../../contracts/renderer.js';
import { sanitizeText } from '../../core/sanitize.js';
import type { Conversation } from './form-dialog.js';
import { headerLines } from './header.js';

export async function runUrlDialog(
  prompt: UrlPrompt,
  ctx: PromptContext,
  io: Conversation,
): Promise<UrlAnswer> {
  if (ctx.signal.aborted) return { outcome: { action: 'cancel', reason: 'server-cancelled' } };
  const { analysis } = prompt;
  io.say(...headerLines(ctx, prompt.message));
  io.say('The server asks you to open this web address in your browser:');
  io.say(sanitizeText(analysis.href || prompt.url));
  const host = sanitizeText(analysis.unicodeHost);
  io.say(`Domain: ${sanitizeText(analysis.registrableDomain ?? analysis.unicodeHost)}`);
  if (analysis.asciiHost !== analysis.unicodeHost) {
    io.say(`Host: ${host}, sent as ${sanitizeText(analysis.asciiHost)}`);
  } else if (
    analysis.registrableDomain !== undefined &&
    analysis.registrableDomain !== analysis.unicodeHost
  ) {
    io.say(`Host: ${host}`);
  }
  for (const warning of analysis.warnings)
    io.say(`Warning: ${sanitizeText(warning.message, { maxLength: 500 })}`);
  const choices = analysis.allowed
    ? 'Type o to open it, d to decline, c to cancel.'
    : 'Type d to decline, c to cancel.';
  if (!analysis.allowed) {
    io.say(
      `This address will not be opened: ${sanitizeText(analysis.refusal ?? 'it failed the safety check')}.`,
    );
  }
  io.say(choices);
  for (;;) {
    const read = await io.ask();
    if (read.kind === 'aborted') {
      io.say('The server withdrew this request; it was cancelled.');
      return { outcome: { action: 'cancel', reason: 'server-cancelled' } };
    }
    if (read.kind === 'eof') {
      io.say('Input ended; the request was cancelled.');
      return { outcome: { action: 'cancel', reason: io.inputEnd } };
    }
    const word = read.text.trim().toLowerCase();
    if (analysis.allowed && (word === 'o' || word === 'open')) {
      io.say('Consent given; the address will be opened in your browser.');
      return { outcome: { action: 'accept' } };
    }
    if (word === 'd' || word === 'decline' || word === ':decline') {
      io.say('Declined.');
      return { outcome: { action: 'decline' } };
    }
    if (word === 'c' || word === 'cancel' || word === ':cancel') {
      io.say('Cancelled.');
      return { outcome: { action: 'cancel', reason: 'dismissed' } };
    }
    if (word === ':mute') {
      io.say('Cancelled; further requests from this server are cancelled for this session.');
      return { outcome: { action: 'cancel', reason: 'muted' }, muteServer: true };
    }
    io.say(`Not understood. ${choices}`);
  }
}
