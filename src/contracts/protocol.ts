// Protocol vocabulary every layer shares (one spelling each).

/**
 * The protocol era of a connection, named by the revision that began it, so the names do not age:
 * `2025-11-25` (elicitation/create requests) or `2026-07-28` (input_required results). Any later
 * revision of an era keeps its era's name.
 */
export type Era = '2025-11-25' | '2026-07-28';

/** The era the SDK's `getProtocolEra()` reports, by its own names. */
export function eraOf(sdkEra: string | undefined): Era {
  return sdkEra === 'modern' ? '2026-07-28' : '2025-11-25';
}

/** The elicitation modes a client may declare (spec 2025-11-25 §3). */
export type ElicitationMode = 'form' | 'url';
