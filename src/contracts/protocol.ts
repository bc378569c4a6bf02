// Protocol vocabulary every layer shares (one spelling each).

/** The protocol era of a connection: `legacy` is 2025-11-25, `modern` is 2026-07-28. */
export type Era = 'legacy' | 'modern';

/** The elicitation modes a client may declare (spec 2025-11-25 §3). */
export type ElicitationMode = 'form' | 'url';
