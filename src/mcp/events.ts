// What the adapter reports about each elicitation the server attempted (the CLI's --json
// `elicitations` array is built from these).
import type { ElicitationMode } from '../contracts/protocol.js';
import type { FormContent } from '../core/form-model.js';
import type { CancelReason } from '../core/outcome.js';
import type { UrlAnalysis, UrlWarning } from '../core/url-safety.js';

export interface ElicitationEvent {
  /** The server's configured label. */
  readonly server: string;
  readonly mode: ElicitationMode | 'unknown';
  readonly message: string;
  /** Form mode: the names of the form's fields (a replay that matched no entry shows what changed). */
  readonly fields?: readonly string[];
  /** Absent when the request was rejected with a JSON-RPC error (see `error`). */
  readonly action?: 'accept' | 'decline' | 'cancel';
  /** Present on a form-mode accept: exactly what was sent. */
  readonly content?: FormContent;
  /** Why it ended as cancel (never sent on the wire). */
  readonly reason?: CancelReason;
  readonly url?: string;
  /** URL mode: the registrable domain of `url` (the site a person would deal with), if it has one. */
  readonly site?: string;
  /** URL mode: every warning of the URL analysis, whether the URL was opened or not. */
  readonly warnings?: readonly UrlWarning[];
  /** The JSON-RPC error sent to the server (2025 era) or raised locally (2026 era). */
  readonly error?: { readonly code: number; readonly message: string };
}

export type ElicitationListener = (event: ElicitationEvent) => void;

/** The URL analysis as events report it: the site and every warning (code and message). */
export function urlFacts(analysis: UrlAnalysis): Pick<ElicitationEvent, 'site' | 'warnings'> {
  return {
    ...(analysis.registrableDomain !== undefined && { site: analysis.registrableDomain }),
    warnings: analysis.warnings.map((warning) => ({ code: warning.code, message: warning.message })),
  };
}
