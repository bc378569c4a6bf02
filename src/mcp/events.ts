// What the adapter reports about each elicitation the server attempted (the CLI's --json
// `elicitations` array is built from these).
import type { ElicitationMode } from '../contracts/protocol.js';
import type { HostRefusal } from '../contracts/renderer.js';
import type { FormContent } from '../core/form-model.js';
import type { CancelReason } from '../core/outcome.js';
import type { UrlAnalysis, UrlWarning } from '../core/url-safety.js';

/** One elicitation the server attempted and how it ended; the CLI's `--json` `elicitations` are these. */
export interface ElicitationEvent {
  /** The server's configured label. */
  readonly server: string;
  /** Form or URL mode (`unknown` for a request too malformed to tell). */
  readonly mode: ElicitationMode | 'unknown';
  /** The server's message (untrusted; sanitize before display). */
  readonly message: string;
  /** Form mode: the names of the form's fields (a replay that matched no entry shows what changed). */
  readonly fields?: readonly string[];
  /** Absent when the request was rejected with a JSON-RPC error (see `error`). */
  readonly action?: 'accept' | 'decline' | 'cancel';
  /** Present on a form-mode accept: what was sent, with each secret-looking field's value replaced by `"********"`. */
  readonly content?: FormContent;
  /** Why it ended as cancel (never sent on the wire). */
  readonly reason?: CancelReason;
  /** URL mode: the address the server asked to open (untrusted). */
  readonly url?: string;
  /** URL mode: the registrable domain of `url` (the site a person would deal with), if it has one. */
  readonly site?: string;
  /** URL mode: `site` in the ASCII (`xn--`) form the browser really visits: a look-alike shows here. */
  readonly siteAscii?: string;
  /** URL mode: the host the browser really visits, ASCII (`xn--`) form. */
  readonly host?: string;
  /** URL mode: every warning of the URL analysis, whether the URL was opened or not. */
  readonly warnings?: readonly UrlWarning[];
  /** Proxy: the host's instant refusal that was set aside, and who answered instead. */
  readonly hostRefusal?: HostRefusal;
  /** The JSON-RPC error sent to the server (2025 era) or raised locally (2026 era). */
  readonly error?: {
    /** The JSON-RPC error code (-32602 for a malformed request). */
    readonly code: number;
    /** The error message, naming the problem. */
    readonly message: string;
  };
}

/** Receives each elicitation event as it ends. */
export type ElicitationListener = (event: ElicitationEvent) => void;

/** The URL analysis as events report it: the site (as read and as visited), the host and every warning. */
export function urlFacts(
  analysis: UrlAnalysis,
): Pick<ElicitationEvent, 'site' | 'siteAscii' | 'host' | 'warnings'> {
  return {
    ...(analysis.registrableDomain !== undefined && { site: analysis.registrableDomain }),
    ...(analysis.registrableDomainAscii !== undefined && { siteAscii: analysis.registrableDomainAscii }),
    ...(analysis.asciiHost !== '' && { host: analysis.asciiHost }),
    warnings: analysis.warnings.map((warning) => ({ code: warning.code, message: warning.message })),
  };
}
