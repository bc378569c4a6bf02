// A sign-in parked instead of asked (`--park`, issue 34 item 3): the park front-end lists it like a
// question while the sign-in goes on where it runs (the loopback listener, the device polling), and
// an out-of-band answer may finish it (an address pasted back) or stop it (`--cancel`, expiry).
import type { UrlAnalysis } from '../core/url-safety.js';

/** Device flow (RFC 8628): where to enter the code, and the code (§3.3: always shown). */
export interface SignInDeviceCode {
  /** Where to enter the code. */
  readonly verificationUri: string;
  /** The address that fills the code in, when the authorization server gave one. */
  readonly verificationUriComplete?: string;
  /** The code the person enters (and compares with the page's). */
  readonly userCode: string;
  /** Epoch ms: the device code's `expires_in`; the parked entry waits no longer. */
  readonly expiresAt: number;
}

/** What a pasted address came to: taken (the sign-in goes on with it), or refused and why. */
export type SignInPasteVerdict =
  | {
      /** Taken. */
      readonly ok: true;
    }
  | {
      /** Refused: the sign-in keeps waiting. */
      readonly ok: false;
      /** Why, in our words (nothing from the address). */
      readonly reason: string;
    };

/** A sign-in to park: the page to open, analysed by the one URL analysis, and how to finish it. */
export interface SignInPrompt {
  /** Tells a sign-in from a form or URL prompt. */
  readonly kind: 'sign-in';
  /** Our own sentence naming the server (its label may hold server text: sanitize). */
  readonly message: string;
  /** The authorization page, or the device verification page (the complete one when given). */
  readonly analysis: UrlAnalysis;
  /** Device flow: the code; absent for the authorization-code flow. */
  readonly device?: SignInDeviceCode;
  /** Authorization-code flow: checks an address pasted back (state, iss); on ok the sign-in uses it. */
  readonly pasteBack?: (address: string) => SignInPasteVerdict;
}

/** A parked sign-in: how the park ends it, and how the sign-in says it finished on its own. */
export interface ParkedSignIn {
  /** Resolves when the park stops it (answered --cancel, expired, the request ended): stop the sign-in. */
  readonly stopped: Promise<{
    /** Why, in our words: the sign-in's error says it. */
    readonly detail: string;
  }>;
  /** The sign-in finished (the browser came back, the code was approved, an address was pasted). */
  finished(): void;
}
