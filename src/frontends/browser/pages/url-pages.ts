// URL mode: the consent page (who asks, the full URL, the registrable domain set apart, every
// warning of the safety analysis, then Open / Decline / Cancel) and the waiting page. The target
// is only ever a plain link the person clicks (rel="noopener noreferrer"); we never fetch it.

import type { UrlWaitReason } from '../../../contracts/url-step.js';
import { confirmOpenQuestion, type UrlConsentPolicy } from '../../../core/url-consent.js';
import type { UrlAnalysis } from '../../../core/url-safety.js';
import type { Asker } from '../entry.js';
import { type Html, html, serverText } from '../escape.js';
import { askerHeader, muteLabel } from './header.js';
import { layout } from './layout.js';

export interface UrlPageInput {
  readonly title: string;
  readonly asker: Asker;
  readonly message: string;
  readonly analysis: UrlAnalysis;
  readonly nonce: string;
  readonly alsoWaiting: number;
  readonly entry: string;
}

/** Only what the analysis allowed, and only http(s), ever becomes a link. */
export function linkable(analysis: UrlAnalysis): boolean {
  return (
    analysis.allowed &&
    (analysis.scheme === 'https' || analysis.scheme === 'http') &&
    /^https?:\/\//i.test(analysis.href)
  );
}

function targetLink(analysis: UrlAnalysis, text: Html | string, primary: boolean, consent: boolean): Html {
  if (!linkable(analysis)) return html``;
  return html`<a class="button${primary ? ' primary' : ''}" id="${consent ? 'open' : 'reopen'}" href="${analysis.href}" target="_blank" rel="noopener noreferrer"${
    consent ? html` data-consent` : ''
  }>${text}</a>`;
}

// The registrable domain, marked where it ends the host.
function hostWithDomain(host: string, domain: string | undefined): Html {
  const h = serverText(host, 300);
  const d = domain === undefined ? undefined : serverText(domain, 300);
  if (d === undefined || !h.endsWith(d)) return html`${h}`;
  return html`${h.slice(0, h.length - d.length)}<mark>${d}</mark>`;
}

export interface ConsentPageInput extends UrlPageInput {
  readonly policy: UrlConsentPolicy;
  /** "Open anyway…" was pressed on a deceptive URL: the link is shown, with the question. */
  readonly confirming: boolean;
}

// Open: the link itself, except on a deceptive URL before it is confirmed (a button asking first).
function openControl(input: ConsentPageInput, site: string): Html {
  const { policy, confirming, analysis } = input;
  if (policy.confirmOpen && !confirming) {
    return linkable(analysis)
      ? html`<button type="submit" name="action" value="open">Open anyway…</button>`
      : html``;
  }
  const text = confirming ? html`Open ${serverText(site, 80)} anyway` : html`Open ${serverText(site, 80)}`;
  return targetLink(analysis, text, policy.defaultChoice === 'open', true);
}

export function consentPage(input: ConsentPageInput): Html {
  const a = input.analysis;
  const site = a.registrableDomain ?? a.unicodeHost;
  const declineFirst = input.policy.defaultChoice === 'decline';
  const linkShown = linkable(a) && (!input.policy.confirmOpen || input.confirming);
  const body = html`${askerHeader(input.asker, input.title, input.alsoWaiting, input.message)}
<p>The server asks you to open a web page.</p>
<dl class="site">
<div class="row"><dt>Site</dt><dd><strong class="domain">${serverText(site, 300)}</strong> <span class="opt">← the site you would be dealing with</span></dd></div>
<div class="row"><dt>Host</dt><dd>${hostWithDomain(a.unicodeHost, a.registrableDomain)}${
    a.unicodeHost !== a.asciiHost ? html` <span class="opt">(${serverText(a.asciiHost, 300)})</span>` : ''
  }</dd></div>
<div class="row"><dt>Full address</dt><dd><code class="url">${serverText(a.href, 9000)}</code></dd></div>
</dl>
${a.warnings.length > 0 ? html`<ul class="warnings" aria-label="Warnings">${a.warnings.map((w) => html`<li class="warn">⚠ ${serverText(w.message, 500)}</li>`)}</ul>` : ''}
${input.confirming ? html`<p class="warn" role="alert">${confirmOpenQuestion(input.policy)} The link below opens it in a new tab; Decline if you are not sure.</p>` : ''}
<p>Nothing was fetched. Only “Open” takes you there, in a new tab.</p>
<form method="post" action="/answer" id="form">
<input type="hidden" name="nonce" value="${input.nonce}">
<input type="hidden" name="step" value="consent">
<div class="actions">
${declineFirst ? '' : openControl(input, site)}
<button type="submit" name="action" value="decline"${declineFirst ? html` class="primary" autofocus` : ''}>Decline</button>
<button type="submit" name="action" value="cancel">Cancel</button>
<button type="submit" name="action" value="mute">${muteLabel(input.asker)}</button>
${declineFirst ? openControl(input, site) : ''}
</div>
${linkShown ? html`<noscript><p>After opening the page, press <button type="submit" name="action" value="open">I opened the page</button></p></noscript>` : ''}
</form>`;
  return layout({
    title: input.title,
    body,
    entry: input.entry,
    waiting: input.asker.waiting() + input.alsoWaiting,
  });
}

const WAIT_TEXT: Record<UrlWaitReason, string> = {
  'finish-in-browser': 'Finish in the tab that opened, then come back and press Done.',
  'retry-pending':
    'The server says the step is not finished yet. Finish it in the other tab, then press Done.',
  'browser-failed': 'Open the page with the link, finish there, then press Done.',
};

export function waitPage(input: UrlPageInput & { readonly reason: UrlWaitReason }): Html {
  const a = input.analysis;
  const site = a.registrableDomain ?? a.unicodeHost;
  const body = html`${askerHeader(input.asker, input.title, input.alsoWaiting, input.message)}
<p>${WAIT_TEXT[input.reason]}</p>
<p>Page: <code class="url">${serverText(a.href, 9000)}</code></p>
<p>${targetLink(a, html`Open ${serverText(site, 80)} again`, false, false)}</p>
<form method="post" action="/answer" id="form">
<input type="hidden" name="nonce" value="${input.nonce}">
<input type="hidden" name="step" value="wait">
<div class="actions">
<button type="submit" name="action" value="done" class="primary" autofocus>Done</button>
<button type="submit" name="action" value="retry">Retry now</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</div>
</form>`;
  return layout({
    title: input.title,
    body,
    entry: input.entry,
    waiting: input.asker.waiting() + input.alsoWaiting,
  });
}
