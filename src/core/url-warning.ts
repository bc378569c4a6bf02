// What the URL-safety analysis warns a person about before they consent to open a link.

/** The kinds of URL warning; `deceptiveWarnings` picks the ones that may hide where a link goes. */
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

/** One thing a person should know about a URL before opening it. */
export interface UrlWarning {
  /** The kind of warning, stable to branch on. */
  readonly code: UrlWarningCode;
  /** The warning in words, naming the part of the URL concerned. */
  readonly message: string;
}
