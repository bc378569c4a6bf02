// URL-mode safety analysis (spec §8.1, C-23..C-30). Pure: parses with the WHATWG URL parser and
// never touches the network (C-24: no prefetch, no DNS, no HEAD).
import { getDomain } from 'tldts';
import { checkIdn, unicodeForm } from './url-idn.js';
import { checkEncoding, checkSensitiveParams } from './url-query.js';
import type { UrlWarning } from './url-warning.js';

export type { UrlWarning, UrlWarningCode } from './url-warning.js';

/** What the URL safety check found; front-ends show it before asking for consent. */
export interface UrlAnalysis {
  /** False when the URL must never reach a browser; `refusal` says why. */
  readonly allowed: boolean;
  /** Why the URL is refused, in words for the person; present when `allowed` is false. */
  readonly refusal?: string;
  /** The URL as the WHATWG parser serialises it (what would be opened). */
  readonly href: string;
  /** The scheme without its colon (`https`, `http`, ...). */
  readonly scheme: string;
  /** Host as sent on the wire (`xn--` form for IDNs). */
  readonly asciiHost: string;
  /** Host as a person reads it (Unicode form); equals asciiHost when there is no IDN. */
  readonly unicodeHost: string;
  /**
   * Registrable domain (eTLD+1) from the public suffix list, when the host has one; in the same
   * (Unicode) form as `unicodeHost`, of which it is a suffix, so front-ends can highlight it.
   */
  readonly registrableDomain?: string;
  /** The registrable domain as the browser will visit it (`xn--` form for IDNs), beside `registrableDomain`. */
  readonly registrableDomainAscii?: string;
  /** Everything suspicious about the URL, to show before consent (empty when nothing is). */
  readonly warnings: readonly UrlWarning[];
}

/** Context for `analyzeUrl`. */
export interface AnalyzeUrlOptions {
  /** Origin of the requesting server (HTTP transports); a URL on another site is flagged. */
  readonly serverOrigin?: string;
}

/** Longer than this (in characters of the serialised URL) and a URL is flagged as very long. */
export const LONG_URL_THRESHOLD = 2000;
/**
 * Longer URLs are refused: the full URL must be shown for review before consent (C-26), and no
 * one reviews tens of kilobytes of address. Well above what real sign-in or payment links use.
 */
export const MAX_URL_LENGTH = 8192;
/** The longest DNS name (RFC 1035 §2.3.4, in its dotted text form). */
const MAX_HOST_LENGTH = 253;

/**
 * Decide whether a URL-mode `url` may be offered to a person, and what they should be warned
 * about. Only `https:` (and `http:` to this machine) is allowed; everything is computed from the
 * string alone.
 */
export function analyzeUrl(url: string, options: AnalyzeUrlOptions = {}): UrlAnalysis {
  const target = parseTarget(url);
  if (!('parsed' in target)) return target;
  const { parsed, scheme, asciiHost, bareHost, ipHost } = target;
  const warnings: UrlWarning[] = [];
  const { host: unicodeHost, invalid } = unicodeForm(bareHost, ipHost);
  checkHost(warnings, url, target, unicodeHost, invalid);
  checkAddress(warnings, parsed, unicodeHost);

  const asciiDomain = ipHost ? null : getDomain(bareHost, { allowPrivateDomains: true });
  const registrableDomain = asciiDomain === null ? undefined : unicodeForm(asciiDomain, false).host;
  checkOrigin(warnings, bareHost, registrableDomain, options.serverOrigin);

  return {
    allowed: true,
    href: parsed.href,
    scheme,
    asciiHost,
    unicodeHost,
    ...(registrableDomain !== undefined && { registrableDomain }),
    ...(asciiDomain !== null && { registrableDomainAscii: asciiDomain }),
    warnings,
  };
}

/** A URL that passed every refusal check, with the host forms the warnings need. */
interface UrlTarget {
  readonly parsed: URL;
  readonly scheme: string;
  readonly asciiHost: string;
  readonly bareHost: string;
  readonly ipHost: boolean;
  readonly loopback: boolean;
}

// Parses the URL, or returns the refusal when it must never reach a browser.
function parseTarget(url: string): UrlTarget | UrlAnalysis {
  // The raw length first, before any parsing or pattern: the parser collapses runs of slashes, so a
  // limit on the parsed href alone let a 147 KiB URL through to quadratic work (issue 12 item 2).
  if (url.length > MAX_URL_LENGTH) return refused(url.slice(0, MAX_URL_LENGTH), '', '', tooLong(url.length));
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refused(url, '', '', url.trim() === '' ? 'The URL is empty.' : 'This is not a valid URL.');
  }
  const scheme = parsed.protocol.replace(/:$/, '');
  const asciiHost = parsed.hostname;
  const bareHost = asciiHost.replace(/\.$/, '');
  const loopback = isLoopback(bareHost);
  const refusal = refusalOf(parsed.href, scheme, asciiHost, bareHost, loopback);
  if (refusal !== undefined) return refused(parsed.href, scheme, asciiHost, refusal);
  return { parsed, scheme, asciiHost, bareHost, ipHost: isIpLiteral(bareHost), loopback };
}

// Why a parsed URL is refused, in the order the checks must run; undefined when it is not.
function refusalOf(
  href: string,
  scheme: string,
  asciiHost: string,
  bareHost: string,
  loopback: boolean,
): string | undefined {
  if (scheme !== 'https' && scheme !== 'http') {
    return `Links of type "${scheme}:" are never opened; only https:// web addresses are.`;
  }
  if (asciiHost === '') return 'The URL has no host.';
  if (href.length > MAX_URL_LENGTH) return tooLong(href.length);
  // No DNS name is longer (RFC 1035); refusing first also keeps IDN decoding cheap (issue 12 item 2).
  if (bareHost.length > MAX_HOST_LENGTH) {
    return `The host name is ${bareHost.length} characters long; real host names have at most ${MAX_HOST_LENGTH}.`;
  }
  if (scheme === 'http' && !loopback) {
    return 'Plain http:// links are only opened for this computer (localhost); this one goes to another host unencrypted.';
  }
  return undefined;
}

function tooLong(length: number): string {
  return `The URL is ${length} characters long, too long to review in full (over ${MAX_URL_LENGTH}).`;
}

// Warnings about the host: plain http, odd spellings, raw IP addresses, look-alike IDNs.
function checkHost(
  warnings: UrlWarning[],
  url: string,
  target: UrlTarget,
  unicodeHost: string,
  invalid: boolean,
): void {
  const { asciiHost, bareHost, ipHost, loopback } = target;
  if (target.scheme === 'http') {
    warnings.push({
      code: 'http-loopback',
      message: `Unencrypted http:// link to this computer (${asciiHost}); fine for local development only.`,
    });
  }
  const oddIp = checkHostSpelling(warnings, rawHostOf(url), bareHost, url, ipHost);
  if (ipHost && !loopback && !oddIp) {
    warnings.push({
      code: 'ip-host',
      message: `The link goes to a raw IP address (${asciiHost}), not a named site.`,
    });
  }
  if (!ipHost) checkIdn(warnings, bareHost, unicodeHost, invalid);
}

// Warnings about the rest of the address: userinfo, length, encoding, sensitive parameters.
function checkAddress(warnings: UrlWarning[], parsed: URL, unicodeHost: string): void {
  if (parsed.username !== '' || parsed.password !== '') {
    const shown = decodeSafely(parsed.username) + (parsed.password !== '' ? ':…' : '');
    warnings.push({
      code: 'userinfo',
      message: `The text before "@" ("${shown}") is not where the link goes; the real host is ${unicodeHost}.`,
    });
  }
  if (parsed.href.length > LONG_URL_THRESHOLD) {
    warnings.push({
      code: 'long-url',
      message: `The URL is very long (${parsed.href.length} characters); check the host carefully.`,
    });
  }
  checkEncoding(warnings, parsed);
  checkSensitiveParams(warnings, parsed);
}

function refused(href: string, scheme: string, host: string, refusal: string): UrlAnalysis {
  return { allowed: false, refusal, href, scheme, asciiHost: host, unicodeHost: host, warnings: [] };
}

function isIpLiteral(host: string): boolean {
  return host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

// The host exactly as the server wrote it (before the parser decoded and normalised it), so
// tricks such as `%65vil.example`, `0x7f.1` or a backslash can be named.
function rawHostOf(url: string): string | undefined {
  const match = /^\s*[a-zA-Z][a-zA-Z0-9+.-]*:[/\\]*([^/\\?#]*)/.exec(url);
  if (!match?.[1]) return undefined;
  const authority = match[1];
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host.startsWith('[') ? host.replace(/(\]):\d*$/, '$1') : host.replace(/:\d*$/, '');
}

function checkHostSpelling(
  warnings: UrlWarning[],
  rawHost: string | undefined,
  host: string,
  url: string,
  ip: boolean,
): boolean {
  // Backslash before the query or fragment; string search, not a backtracking pattern.
  const end = url.search(/[?#]/);
  const beforeQuery = end < 0 ? url : url.slice(0, end);
  if (/^\s*[a-zA-Z][a-zA-Z0-9+.-]*:/.test(url) && beforeQuery.includes('\\')) {
    warnings.push({
      code: 'heavily-encoded',
      message:
        'The URL contains backslashes, which browsers read as slashes; the host may not be what it seems.',
    });
  }
  if (/[\t\n\r]/.test(url.trim())) {
    warnings.push({
      code: 'heavily-encoded',
      message: 'The URL contains hidden tabs or line breaks, which browsers silently drop.',
    });
  }
  if (rawHost === undefined) return false;
  if (rawHost.includes('%')) {
    warnings.push({
      code: 'heavily-encoded',
      message: `The host is percent-encoded ("${rawHost}"); it really is ${host}.`,
    });
  } else if (ip && rawHost.replace(/\.$/, '').toLowerCase() !== host) {
    warnings.push({
      code: 'ip-host',
      message: `The host "${rawHost}" is a raw IP address written in an unusual form; browsers read it as ${host}.`,
    });
    return true;
  }
  return false;
}

function checkOrigin(
  warnings: UrlWarning[],
  host: string,
  domain: string | undefined,
  serverOrigin: string | undefined,
): void {
  if (serverOrigin === undefined) return;
  let serverHost: string;
  try {
    serverHost = new URL(serverOrigin).hostname.replace(/\.$/, '');
  } catch {
    return;
  }
  const serverAscii = isIpLiteral(serverHost) ? null : getDomain(serverHost, { allowPrivateDomains: true });
  const serverDomain = serverAscii === null ? undefined : unicodeForm(serverAscii, false).host;
  const same =
    domain !== undefined && serverDomain !== undefined ? domain === serverDomain : host === serverHost;
  if (!same) {
    warnings.push({
      code: 'different-origin',
      message: `The link goes to ${domain ?? host}, a different site from the server's own (${serverDomain ?? serverHost}).`,
    });
  }
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
