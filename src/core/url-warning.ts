// What the URL analysis warns a person about (url-safety.ts and its checks).
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
