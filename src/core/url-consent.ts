// URL consent, decided once for every front-end (issue 22): the choices a person has, which one is
// the default (focused first in the terminal, the primary button in the browser, a blank line in
// line mode), and whether opening takes a deliberate second act. On a URL the analysis calls
// deceptive (user-info, look-alike host, raw IP...) the safe choice is the default and "Open" asks
// to be confirmed: one reflexive Enter must never open it.
import { deceptiveWarnings } from './url-deception.js';
import type { UrlAnalysis, UrlWarning } from './url-safety.js';

/** What a person may choose on a URL consent. */
export type UrlChoice = 'open' | 'decline' | 'cancel' | 'mute';

/** How a URL consent is offered; every interactive front-end draws it as it says. */
export interface UrlConsentPolicy {
  /** The choices, in order; `open` only when the analysis allows the URL. */
  readonly choices: readonly UrlChoice[];
  /** The choice a bare Enter or the primary button makes. */
  readonly defaultChoice: UrlChoice;
  /** Opening needs a confirmation after choosing Open. */
  readonly confirmOpen: boolean;
  /** The warnings that make the URL deceptive (empty when none). */
  readonly deceptive: readonly UrlWarning[];
}

/** The consent policy for a URL, from its safety analysis. */
export function urlConsentPolicy(analysis: UrlAnalysis): UrlConsentPolicy {
  const deceptive = analysis.allowed ? deceptiveWarnings(analysis) : [];
  return {
    choices: analysis.allowed ? ['open', 'decline', 'cancel', 'mute'] : ['decline', 'cancel', 'mute'],
    defaultChoice: analysis.allowed && deceptive.length === 0 ? 'open' : 'decline',
    confirmOpen: deceptive.length > 0,
    deceptive,
  };
}

/** What a blank line chooses in line mode: the default, except that consent is never implied (C-25). */
export function blankLineChoice(policy: UrlConsentPolicy): UrlChoice | undefined {
  return policy.defaultChoice === 'open' ? undefined : policy.defaultChoice;
}

/** The question asked before a deceptive URL is opened (the same words everywhere). */
export function confirmOpenQuestion(policy: UrlConsentPolicy): string {
  const codes = [...new Set(policy.deceptive.map((warning) => warning.code))].join(', ');
  return `This address may not go where it seems (${codes}). Open it anyway?`;
}

/** One consent in progress: applies the policy's confirmation step to the person's choices. */
export class UrlConsent {
  readonly policy: UrlConsentPolicy;
  #confirming = false;

  constructor(analysis: UrlAnalysis) {
    this.policy = urlConsentPolicy(analysis);
  }

  /** True after Open was chosen on a deceptive URL and before it was confirmed or taken back. */
  get confirming(): boolean {
    return this.#confirming;
  }

  /**
   * The person chose `choice`: the choice that ends the consent, `confirm` when opening needs the
   * deliberate second act first (choose `open` again), or undefined when it is not offered.
   */
  choose(choice: UrlChoice): UrlChoice | 'confirm' | undefined {
    if (!this.policy.choices.includes(choice)) return undefined;
    if (choice === 'open' && this.policy.confirmOpen && !this.#confirming) {
      this.#confirming = true;
      return 'confirm';
    }
    this.#confirming = false;
    return choice;
  }

  /** The person did something else than confirm: back to the plain choice. */
  back(): void {
    this.#confirming = false;
  }
}
