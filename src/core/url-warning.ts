// What the URL-safety analysis warns a person about before they consent to open a link.

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
