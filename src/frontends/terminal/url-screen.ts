// URL-mode consent (C-04, C-23..C-29): who asks, the full URL, the registrable domain set apart,
// both host forms when they differ, every warning; then Open / Decline / Cancel. Nothing is fetched.
// Which button starts focused, and whether Open must be confirmed, is core's url-consent policy.
import type { PromptContext, UrlPrompt } from '../../contracts/renderer.js';
import { sanitizeText } from '../../core/sanitize.js';
import { confirmOpenQuestion, type UrlChoice, UrlConsent } from '../../core/url-consent.js';
import { muteLabel } from './form-view.js';
import {
  type BodyLine,
  buttonLines,
  compose,
  type Frame,
  headerLines,
  messageLines,
  rule,
  type Size,
} from './frame.js';
import { isDismissKey, type KeyPress } from './keys.js';
import { type Line, seg } from './style.js';
import { textWidth, wrap } from './text-layout.js';

export type UrlButton = UrlChoice;
export type UrlEnd = 'open' | 'decline' | 'dismiss' | 'mute';

export class UrlController {
  readonly buttons: readonly UrlButton[];
  readonly consent: UrlConsent;
  focus = 0;
  scroll = 0;
  /** A one-line notice shown above the buttons. */
  status: string | undefined;

  constructor(prompt: UrlPrompt) {
    // A URL the analysis refuses is never offered for opening; a deceptive one starts on Decline.
    this.consent = new UrlConsent(prompt.analysis);
    this.buttons = this.consent.policy.choices;
    this.focus = Math.max(0, this.buttons.indexOf(this.consent.policy.defaultChoice));
  }

  handleKey(key: KeyPress): UrlEnd | undefined {
    if (isDismissKey(key)) return 'dismiss';
    const confirming = this.consent.confirming;
    const pressed = key.name === 'return' || key.name === 'space';
    if (confirming && !(pressed && this.buttons[this.focus] === 'open')) {
      // Anything but a second press on Open takes the confirmation back.
      this.consent.back();
      this.status = undefined;
    }
    // Up/Down scroll a long address; Left/Right/Tab choose the button.
    if (key.name === 'up' || key.name === 'down') {
      this.scroll = Math.max(0, this.scroll + (key.name === 'up' ? -1 : 1));
      return undefined;
    }
    const step = key.name === 'left' || (key.name === 'tab' && key.shift) ? -1 : 0;
    const forward = key.name === 'right' || (key.name === 'tab' && !key.shift) ? 1 : 0;
    if (step || forward) {
      this.focus = (this.focus + step + forward + this.buttons.length) % this.buttons.length;
      return undefined;
    }
    if (!pressed) return undefined;
    const button = this.buttons[this.focus];
    if (button === undefined) return undefined;
    const chosen = this.consent.choose(button);
    if (chosen === 'confirm') {
      this.status = `${confirmOpenQuestion(this.consent.policy)} Press Enter again on Open to open it; any other key goes back.`;
      return undefined;
    }
    if (chosen === 'cancel') return 'dismiss';
    return chosen;
  }
}

function label(button: UrlButton, ctx: PromptContext, confirming: boolean): string {
  switch (button) {
    case 'open':
      return confirming ? 'Open anyway' : 'Open in browser';
    case 'decline':
      return 'Decline';
    case 'cancel':
      return 'Cancel';
    case 'mute':
      return muteLabel(ctx);
  }
}

/** The full URL, wrapped, with the registrable domain emphasised where it occurs in the host. */
function urlLines(href: string, domain: string | undefined, host: string, width: number): Line[] {
  // The whole URL (C-26): analyzeUrl refuses anything longer than MAX_URL_LENGTH.
  const text = sanitizeText(href);
  const hostAt = text.indexOf(host);
  const domainAt = domain && hostAt >= 0 ? text.indexOf(domain, hostAt) : -1;
  const lines: Line[] = [];
  const chunk = Math.max(10, width - 4);
  for (let start = 0; start < text.length; start += chunk) {
    const part = text.slice(start, start + chunk);
    if (
      domainAt < 0 ||
      domain === undefined ||
      domainAt + domain.length <= start ||
      domainAt >= start + chunk
    ) {
      lines.push([seg('    '), seg(part)]);
      continue;
    }
    const from = Math.max(0, domainAt - start);
    const to = Math.min(part.length, domainAt + domain.length - start);
    lines.push([
      seg('    '),
      seg(part.slice(0, from)),
      seg(part.slice(from, to), 'domain'),
      seg(part.slice(to)),
    ]);
  }
  return lines;
}

export function urlFrame(ctrl: UrlController, prompt: UrlPrompt, ctx: PromptContext, size: Size): Frame {
  const width = size.columns - 1;
  const analysis = prompt.analysis;
  const message = messageLines(prompt.message, width, size.rows <= 24 ? 3 : 6);
  const body: BodyLine[] = [];
  const push = (line: Line) => body.push({ line });
  if (message.cut) {
    for (const l of wrap(sanitizeText(prompt.message, { multiline: true, maxLength: 4000 }), width))
      push([seg(l)]);
    push([]);
  }
  const domain = analysis.registrableDomain
    ? sanitizeText(analysis.registrableDomain, { maxLength: 255 })
    : undefined;
  const unicodeHost = sanitizeText(analysis.unicodeHost, { maxLength: 255 });
  const asciiHost = sanitizeText(analysis.asciiHost, { maxLength: 255 });
  push([seg('The server asks you to open a web page in your browser.')]);
  push([]);
  if (asciiHost !== '') {
    push([
      seg('  Site:  '),
      seg(domain ?? unicodeHost, 'domain'),
      seg(domain ? '   ← the site you would be dealing with' : '', 'dim'),
    ]);
    if (domain) push([seg(`         ${'^'.repeat(textWidth(domain))}`, 'domain')]);
    push([seg('  Host:  '), seg(unicodeHost)]);
    if (unicodeHost !== asciiHost) push([seg('  Host as sent (punycode):  '), seg(asciiHost, 'warn')]);
  }
  push([seg('  Full address:')]);
  // The registrable domain as it appears in the (ASCII) address: the same number of last labels.
  const asciiDomain = domain ? asciiHost.split('.').slice(-domain.split('.').length).join('.') : undefined;
  for (const line of urlLines(analysis.href, asciiDomain, asciiHost, width)) push(line);
  push([]);
  if (!analysis.allowed) {
    const why = sanitizeText(analysis.refusal ?? 'This address is not safe to open.', { maxLength: 300 });
    for (const l of wrap(`✗ Will not open: ${why}`, width - 2)) push([seg(l, 'error')]);
  }
  for (const warning of analysis.warnings) {
    for (const l of wrap(`⚠ ${sanitizeText(warning.message, { maxLength: 300 })}`, width - 2))
      push([seg(l, 'warn')]);
  }
  if (analysis.allowed)
    push([seg('Nothing was fetched. Only "Open in browser" hands it to your browser.', 'dim')]);
  const buttons = buttonLines(
    ctrl.buttons.map((b, i) => ({
      label: label(b, ctx, ctrl.consent.confirming),
      focused: i === ctrl.focus,
    })),
    width,
  );
  const { frame, scroll } = compose(
    {
      header: headerLines('Web page request from', ctx, width, [...message.lines, rule(width)]),
      body,
      focus: -1,
      scroll: ctrl.scroll,
      status: ctrl.status ? [seg(ctrl.status, 'warn')] : [],
      buttons,
      keys: '←→ choose button · Enter press · ↑↓ scroll · Esc cancel',
    },
    size,
  );
  ctrl.scroll = scroll;
  return frame;
}
