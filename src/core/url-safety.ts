// URL-mode safety analysis (spec §8.1, C-23..C-30). Pure: parses with the WHATWG URL parser and
// never touches the network (C-24: no prefetch, no DNS, no HEAD).

export type UrlWarningCode =
  | 'punycode'
  | 'mixed-script'
  | 'userinfo'
  | 'ip-host'
  | 'long-url'
  | 'heavily-encoded'
  | 'different-origin'
  | 'http-loopback'
  | 'sensitive-query';

export interface UrlWarning {
  readonly code: UrlWarningCode;
  readonly message: string;
}

export interface UrlAnalysis {
  /** False when the URL must never reach a browser; `refusal` says why. */
  readonly allowed: boolean;
  readonly refusal?: string;
  /** The URL as the WHATWG parser serialises it (what would be opened). */
  readonly href: string;
  readonly scheme: string;
  /** Host as sent on the wire (`xn--` form for IDNs). */
  readonly asciiHost: string;
  /** Host as a person reads it (Unicode form); equals asciiHost when there is no IDN. */
  readonly unicodeHost: string;
  /** Registrable domain (eTLD+1) from the public suffix list, when the host has one. */
  readonly registrableDomain?: string;
  readonly warnings: readonly UrlWarning[];
}
