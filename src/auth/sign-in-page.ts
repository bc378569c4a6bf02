// A page a sign-in asks a person to open (the authorization page, a device verification page) goes
// through the one URL step (src/mcp/url-step.ts): the same consent, warnings and refusals as any
// URL a server sends, the same opener, and the address shown when the browser cannot start.
// The sign-in waits for consent only: the page is opened while the callback or the polling runs.
import { ElicitError } from '../contracts/elicit-error.js';
import type { Era } from '../contracts/protocol.js';
import type { PromptContext, Renderer } from '../contracts/renderer.js';
import type { ServerIdentity } from '../contracts/server-identity.js';
import type { UrlOpener } from '../contracts/url-step.js';
import type { UrlOutcome } from '../core/outcome.js';
import { sanitizeText } from '../core/sanitize.js';
import type { UrlAnalysis } from '../core/url-safety.js';
import { runUrlStep } from '../mcp/url-step.js';

/** Who asks and how a sign-in page is opened. */
export interface SignInPageDeps {
  readonly renderer: Renderer;
  readonly opener: UrlOpener;
  readonly server: ServerIdentity;
  readonly era?: Era;
  readonly signal?: AbortSignal;
}

/** A page to offer: the message of the consent, and the address analysed once. */
export interface SignInPage {
  readonly message: string;
  readonly analysis: UrlAnalysis;
}

/**
 * Asks consent for `page` and opens it. Resolves once the person consented (the opening goes on
 * without being awaited: a launcher may stay open until its page is answered); rejects with
 * `sign-in-required` when nobody consented.
 */
export function offerSignInPage(page: SignInPage, deps: SignInPageDeps): Promise<void> {
  let consented: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    consented = resolve;
  });
  const opener: UrlOpener = {
    open: (href) => {
      consented();
      return deps.opener.open(href);
    },
  };
  const signal = deps.signal ?? new AbortController().signal;
  const ctx: PromptContext = { server: deps.server, era: deps.era ?? '2025-11-25', signal, waiting: 0 };
  const step = {
    message: page.message,
    url: page.analysis.href,
    analysis: page.analysis,
    waitUntilDone: false,
  };
  const refused = runUrlStep(step, ctx, { renderer: deps.renderer, opener }).then(({ stage, outcome }) => {
    if (stage === 'consent') throw refusal(page.analysis.href, deps.server, outcome);
    // Consented; a browser that could not start was reported with the address to open by hand.
    return new Promise<void>(() => {});
  });
  return Promise.race([opened, refused]);
}

function refusal(href: string, server: ServerIdentity, outcome: UrlOutcome): ElicitError {
  const why =
    outcome.action === 'cancel' && outcome.reason === 'no-answer'
      ? 'nobody can sign in here (give --open-urls to open it, sign in first with mcp-elicit auth login, or use --sign-in device where the server offers it)'
      : outcome.action === 'decline'
        ? 'you declined to sign in'
        : 'the sign-in page was not opened';
  const shown = sanitizeText(href, { maxLength: 2000 });
  return new ElicitError('sign-in-required', `${server.label} needs a sign-in at ${shown}: ${why}`);
}
