// The one interface every front-end implements (terminal, plain, browser, scripted), and what the
// adapter hands it. Behaviour lives in the engine and adapter; a renderer only asks a person (or a
// script) and reports what they chose. Everything in a prompt from the server is untrusted text.
import type { FormEnding, FormStart } from '../core/form-session.js';
import type { UrlOutcome } from '../core/outcome.js';
import type { UrlAnalysis } from '../core/url-safety.js';
import type { Era } from './protocol.js';
import type { ServerIdentity } from './server-identity.js';
import type { UrlOpener, UrlWaitChoice, UrlWaitInfo } from './url-step.js';

export interface PromptContext {
  readonly server: ServerIdentity;
  /** The tool call (or prompt/resource request) this elicitation belongs to, when known. */
  readonly request?: { readonly method: string; readonly name?: string };
  readonly era: Era;
  /** Aborted when the server cancels the request or the connection closes: close the prompt. */
  readonly signal: AbortSignal;
  /** How many other elicitations are waiting behind this one (any server). */
  readonly waiting: number;
}

/** A form to ask: what a FormSession starts from (model, pre-filled values, checker), and more. */
export interface FormPrompt extends FormStart {
  readonly kind: 'form';
  /** The server's `message` (untrusted; sanitize before display). */
  readonly message: string;
  /** True when `initial` restores values typed in an earlier, interrupted prompt. */
  readonly restored: boolean;
}

export interface UrlPrompt {
  readonly kind: 'url';
  readonly message: string;
  readonly url: string;
  readonly analysis: UrlAnalysis;
  /** 2025-11-25 era only; opaque (C-11). */
  readonly elicitationId?: string;
}

/** How a form prompt ended; the shape a FormSession produces (outcome, kept draft, mute). */
export type FormAnswer = FormEnding;

export interface UrlAnswer {
  readonly outcome: UrlOutcome;
  readonly muteServer?: boolean;
}

export type RendererNotice =
  | { readonly kind: 'server-cancelled'; readonly server: ServerIdentity; readonly message: string }
  | { readonly kind: 'rejected'; readonly server: ServerIdentity; readonly message: string }
  | { readonly kind: 'info'; readonly server: ServerIdentity; readonly message: string };

export interface Renderer {
  /** Stable name used by `--ui` and in transcripts. */
  readonly name: string;
  /** True when a person answers (URL mode is then enabled by default). */
  readonly interactive: boolean;
  /**
   * How this front-end opens a consented URL itself (the browser front-end: the person's click on
   * its page's link); used when `attachElicitation` is given no `opener`.
   */
  readonly opener?: UrlOpener;
  form(prompt: FormPrompt, ctx: PromptContext): Promise<FormAnswer>;
  /** Consent for a URL-mode elicitation. A renderer without it cannot serve URL mode. */
  url?(prompt: UrlPrompt, ctx: PromptContext): Promise<UrlAnswer>;
  /**
   * The waiting state after a URL was opened (C-14): the person says done, retry now, or cancel.
   * Needed for URL mode: on 2026-07-28 the retry must wait until the person finished in the
   * browser, and a -32042 completion notification may never come.
   */
  waitForUrl?(info: UrlWaitInfo, signal: AbortSignal): Promise<UrlWaitChoice>;
  /** One-line notices (a request withdrawn by the server, a rejected malformed request, ...). */
  notice?(notice: RendererNotice): void;
  close?(): Promise<void>;
}
