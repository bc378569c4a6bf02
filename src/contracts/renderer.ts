// The one interface every front-end implements (terminal, plain, browser, scripted), and what the
// adapter hands it. Behaviour lives in the engine and adapter; a renderer only asks a person (or a
// script) and reports what they chose. Everything in a prompt from the server is untrusted text.
import type { FormEnding, FormStart } from '../core/form-session.js';
import type { UrlOutcome } from '../core/outcome.js';
import type { UrlAnalysis } from '../core/url-safety.js';
import type { OverRateChoice, OverRateInfo } from './over-rate.js';
import type { Era } from './protocol.js';
import type { ServerIdentity } from './server-identity.js';
import type { ParkedSignIn, SignInPrompt } from './sign-in-park.js';
import type { UrlOpener, UrlWaitChoice, UrlWaitInfo } from './url-step.js';

/** What every prompt is told besides its content: who asks, for which request, and when to close. */
export interface PromptContext {
  /** The server that asks; show its label first. */
  readonly server: ServerIdentity;
  /** The tool call (or prompt/resource request) this elicitation belongs to, when known. */
  readonly request?: {
    /** `tools/call`, `prompts/get` or `resources/read`. */
    readonly method: string;
    /** The tool or prompt name, or the resource URI. */
    readonly name?: string;
  };
  /** The protocol era of the connection. */
  readonly era: Era;
  /** Aborted when the server cancels the request or the connection closes: close the prompt. */
  readonly signal: AbortSignal;
  /** How many other elicitations are waiting behind this one (any server). */
  readonly waiting: number;
  /** Proxy: records that the host's instant refusal was set aside, for the event and audit entry. */
  readonly hostRefused?: (refusal: HostRefusal) => void;
}

/** Proxy: the host refused faster than a person can read the question, so the proxy's own front-end answered. */
export interface HostRefusal {
  /** What the host answered. */
  readonly action: 'decline' | 'cancel';
  /** How long after the question it answered, in milliseconds. */
  readonly ms: number;
  /** Who answered instead: the proxy's scripted answers, or a person in its browser page. */
  readonly answeredBy: 'scripted' | 'person';
}

/** A form to ask: what a FormSession starts from (model, pre-filled values, checker), and more. */
export interface FormPrompt extends FormStart {
  /** Tells a form prompt from a URL prompt. */
  readonly kind: 'form';
  /** The server's `message` (untrusted; sanitize before display). */
  readonly message: string;
  /** True when `initial` restores values typed in an earlier, interrupted prompt. */
  readonly restored: boolean;
}

/** A URL-mode request: ask the person whether to open `url`, showing what its analysis found. */
export interface UrlPrompt {
  /** Tells a URL prompt from a form prompt. */
  readonly kind: 'url';
  /** The server's `message` (untrusted; sanitize before display). */
  readonly message: string;
  /** The address as the server sent it (untrusted); show `analysis.href`. */
  readonly url: string;
  /** What the URL safety check found: the site, warnings, and whether it may be opened at all. */
  readonly analysis: UrlAnalysis;
  /** 2025-11-25 era only; opaque (C-11). */
  readonly elicitationId?: string;
}

/** How a form prompt ended; the shape a FormSession produces (outcome, kept draft, mute). */
export type FormAnswer = FormEnding;

/** How a URL prompt ended. */
export interface UrlAnswer {
  /** `accept` means the person consented to open the page. */
  readonly outcome: UrlOutcome;
  /** The person asked to cancel every further elicitation from this server for the session. */
  readonly muteServer?: boolean;
}

/**
 * One line a person pastes (a sign-in's final address, pasted back from a browser on another
 * machine). The caller checks it and says why it was refused; the front-end only reads it and
 * never shows it again (it holds an authorization code).
 */
export interface LinePrompt {
  /** Who needs the line. */
  readonly server: ServerIdentity;
  /** What to do, in sentences (may hold server text: sanitize). */
  readonly message: string;
  /** An address to show whole, on a line of its own, for copying (untrusted: sanitize, no link). */
  readonly address?: string;
  /** Why the last line was refused, shown before asking again. */
  readonly problem?: string;
}

/** How reading a line ended: the line, or why there is none. */
export type LineAnswer =
  | {
      /** A non-empty line. */
      readonly kind: 'line';
      /** As typed or pasted; never echoed or logged. */
      readonly text: string;
    }
  | {
      /** Ctrl-C: the person interrupted the run. `closed`: Esc, Ctrl-D or the end of input. */
      readonly kind: 'interrupted' | 'closed';
    }
  | {
      /** `signal` aborted first: the answer came another way, or the run is ending. */
      readonly kind: 'aborted';
    };

/** A one-line notice for the person, outside any prompt. */
export type RendererNotice =
  | {
      /** The server withdrew a request that was on screen. */
      readonly kind: 'server-cancelled';
      /** The server concerned. */
      readonly server: ServerIdentity;
      /** What to say (may hold server text: sanitize). */
      readonly message: string;
    }
  | {
      /** A malformed request was refused with a JSON-RPC error, never shown as a prompt. */
      readonly kind: 'rejected';
      /** The server concerned. */
      readonly server: ServerIdentity;
      /** What to say (may hold server text: sanitize). */
      readonly message: string;
    }
  | {
      /** Anything else worth a line. */
      readonly kind: 'info';
      /** The server concerned. */
      readonly server: ServerIdentity;
      /** What to say (may hold server text: sanitize). */
      readonly message: string;
    };

/** The one interface every front-end implements: it asks a person (or answers for a script) and reports the choice. */
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
  /** Asks one form; resolves with how it ended (drive a `FormSession` to get one). */
  form(prompt: FormPrompt, ctx: PromptContext): Promise<FormAnswer>;
  /** Consent for a URL-mode elicitation. A renderer without it cannot serve URL mode. */
  url?(prompt: UrlPrompt, ctx: PromptContext): Promise<UrlAnswer>;
  /**
   * The waiting state after a URL was opened (C-14): the person says done, retry now, or cancel.
   * Needed for URL mode: on 2026-07-28 the retry must wait until the person finished in the
   * browser, and a -32042 completion notification may never come.
   */
  waitForUrl?(info: UrlWaitInfo, signal: AbortSignal): Promise<UrlWaitChoice>;
  /** Reads one pasted line (a sign-in's final address); without it nothing can be pasted back. */
  readLine?(prompt: LinePrompt, signal: AbortSignal): Promise<LineAnswer>;
  /** Parks a sign-in instead of asking (the park front-end): nothing is shown or opened here. */
  parkSignIn?(prompt: SignInPrompt, ctx: PromptContext): ParkedSignIn;
  /** A server went over its rate of prompts (C-21): show this one, cancel it, or mute the server. */
  overRate?(info: OverRateInfo, ctx: PromptContext): Promise<OverRateChoice>;
  /**
   * 2025-11-25 URL mode: the server sent `notifications/elicitation/complete` for this id (spec
   * §3.4); a front-end still asking about that step may end it as done (a parked one does, P-14).
   */
  urlCompleted?(elicitationId: string): void;
  /** One-line notices (a request withdrawn by the server, a rejected malformed request, ...). */
  notice?(notice: RendererNotice): void;
  /** Releases what the front-end holds (streams, a raw-mode terminal, an HTTP server). */
  close?(): Promise<void>;
}
