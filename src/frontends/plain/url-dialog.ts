// Plain consent for a URL-mode request: who asks, why, the full URL on its own line (C-26), the
// registrable domain on a line of its own (C-28), the IDN forms and every warning (C-29). Only an
// explicit "o" consents (C-25); the browser is opened elsewhere, after this answer. On a deceptive
// URL (core's url-consent policy) a blank line declines and "o" asks to be confirmed with "yes".
import type { PromptContext, UrlAnswer, UrlPrompt } from '../../contracts/renderer.js';
import { cancelOutcome, endedOutcome, urlChoiceOutcome } from '../../core/choice-outcome.js';
import { endingSentence, withdrawnEnding, withdrawnOutcome } from '../../core/prompt-ending.js';
import { sanitizeText } from '../../core/sanitize.js';
import {
  blankLineChoice,
  confirmOpenQuestion,
  UrlConsent,
  type UrlConsentPolicy,
} from '../../core/url-consent.js';
import type { Conversation } from './conversation.js';
import { headerLines } from './header.js';

export async function runUrlDialog(
  prompt: UrlPrompt,
  ctx: PromptContext,
  io: Conversation,
): Promise<UrlAnswer> {
  if (ctx.signal.aborted) return { outcome: withdrawnOutcome(ctx.signal) };
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
  const consent = new UrlConsent(analysis);
  const choices = choicesLine(consent.policy);
  if (!analysis.allowed) {
    io.say(
      `This address will not be opened: ${sanitizeText(analysis.refusal ?? 'it failed the safety check')}.`,
    );
  }
  io.say(choices);
  for (;;) {
    const read = await io.ask();
    if (read.kind === 'aborted' && io.interrupted()) {
      io.say(endingSentence('interrupted'));
      return { outcome: endedOutcome('interrupted') };
    }
    if (read.kind === 'aborted') return withdrawn(ctx.signal, io);
    if (read.kind === 'eof') {
      io.say('Input ended; the request was cancelled.');
      return { outcome: cancelOutcome(io.inputEnd) };
    }
    const typed = read.text.trim().toLowerCase();
    const blank = blankLineChoice(consent.policy);
    const word = typed === '' && blank ? blank[0] : typed;
    if (consent.confirming) {
      consent.back();
      if (word === 'yes' || word === 'y') {
        consent.choose('open');
        io.say('Consent given; the address will be opened in your browser.');
        return urlChoiceOutcome('open');
      }
      io.say(`Not opened. ${choices}`);
      continue;
    }
    if (analysis.allowed && (word === 'o' || word === 'open')) {
      if (consent.choose('open') === 'confirm') {
        io.say(`${confirmOpenQuestion(consent.policy)} Type yes to open it; anything else goes back.`);
        continue;
      }
      io.say('Consent given; the address will be opened in your browser.');
      return urlChoiceOutcome('open');
    }
    if (word === 'd' || word === 'decline' || word === ':decline') {
      io.say('Declined.');
      return urlChoiceOutcome('decline');
    }
    if (word === 'c' || word === 'cancel' || word === ':cancel') {
      io.say('Cancelled.');
      return urlChoiceOutcome('cancel');
    }
    if (word === ':mute') {
      io.say('Cancelled; further requests from this server are cancelled for this session.');
      return urlChoiceOutcome('mute');
    }
    io.say(`Not understood. ${choices}`);
  }
}

// The choices in words, the default (a blank line) named when there is one.
function choicesLine(policy: UrlConsentPolicy): string {
  const blank = blankLineChoice(policy);
  const words = {
    open: policy.confirmOpen ? 'o to open it anyway' : 'o to open it',
    decline: `d${blank === 'decline' ? ' (or Enter)' : ''} to decline`,
    cancel: `c${blank === 'cancel' ? ' (or Enter)' : ''} to cancel`,
  };
  const order = policy.confirmOpen
    ? (['decline', 'cancel', 'open'] as const)
    : policy.choices.includes('open')
      ? (['open', 'decline', 'cancel'] as const)
      : (['decline', 'cancel'] as const);
  return `Type ${order.map((choice) => words[choice]).join(', ')}.`;
}

// The server withdrew the request, the connection closed, or (proxy) the host that asked stopped waiting for it.
function withdrawn(signal: AbortSignal, io: Conversation): UrlAnswer {
  const ending = withdrawnEnding(signal);
  io.say(
    ending === 'host-gave-up'
      ? 'The app that asked stopped waiting; the request was cancelled.'
      : ending === 'connection-lost'
        ? endingSentence(ending)
        : 'The server withdrew this request; it was cancelled.',
  );
  return { outcome: withdrawnOutcome(signal) };
}
