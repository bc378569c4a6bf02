// What the path, query and fragment of a URL may hide: heavy or double percent-encoding, and
// parameters that look like credentials (S-23).
import type { UrlWarning } from './url-warning.js';

// Query/fragment parameter names that suggest credentials or secrets in the URL (S-23). Compared
// after lower-casing and removing `-`, `_` and `.`.
const SENSITIVE_PARAMS = new Set([
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'authtoken',
  'bearer',
  'jwt',
  'password',
  'passwd',
  'pwd',
  'pass',
  'secret',
  'clientsecret',
  'apikey',
  'apisecret',
  'privatekey',
  'secretkey',
  'accesskey',
  'sessionid',
  'session',
  'sid',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'otp',
  'ssn',
  'creditcard',
  'cardnumber',
  'cvv',
]);

export function checkEncoding(warnings: UrlWarning[], parsed: URL): void {
  const rest = parsed.pathname + parsed.search + parsed.hash;
  const escapes = rest.match(/%[0-9a-fA-F]{2}/g)?.length ?? 0;
  const doubled = /%25[0-9a-fA-F]{2}/.test(rest);
  if ((escapes >= 12 && (escapes * 3) / rest.length > 0.3) || doubled) {
    warnings.push({
      code: 'heavily-encoded',
      message: doubled
        ? 'The URL is percent-encoded twice, which can hide where it really leads.'
        : `Much of the URL is percent-encoded (${escapes} escapes), which can hide what it contains.`,
    });
  }
}

export function checkSensitiveParams(warnings: UrlWarning[], parsed: URL): void {
  const names = new Set<string>();
  const collect = (params: URLSearchParams) => {
    for (const name of params.keys()) {
      if (SENSITIVE_PARAMS.has(name.toLowerCase().replace(/[-_.]/g, ''))) names.add(name);
    }
  };
  collect(parsed.searchParams);
  if (parsed.hash.includes('=')) collect(new URLSearchParams(parsed.hash.slice(1)));
  if (names.size === 0) return;
  const list = [...names].map((n) => `"${n}"`).join(', ');
  warnings.push({
    code: 'sensitive-query',
    message: `The URL carries ${list}, which looks like a secret; servers must not put credentials in URLs, and anyone who sees this link may be able to use it.`,
  });
}
