// Which URL warnings mean "the link may not go where it seems" (issue 12 #6). A person reads them
// on the consent screen and decides; a script has nobody to read them, so it refuses such a URL
// unless the run allows it explicitly. Punycode counts: a machine cannot tell a look-alike in one
// script (pàypal.com) from a genuine international name, so no IDN host is opened unattended.
import type { UrlAnalysis, UrlWarning, UrlWarningCode } from './url-safety.js';

/** Warnings that may hide where a link really goes: a script never opens such a URL unattended. */
export const DECEPTIVE_URL_WARNINGS: ReadonlySet<UrlWarningCode> = new Set<UrlWarningCode>([
  'userinfo',
  'punycode',
  'mixed-script',
  'ip-host', // raised for raw IP hosts other than loopback
  'heavily-encoded',
]);

/** The analysis' warnings that make a URL deceptive (empty when none). */
export function deceptiveWarnings(analysis: UrlAnalysis): readonly UrlWarning[] {
  return analysis.warnings.filter((warning) => DECEPTIVE_URL_WARNINGS.has(warning.code));
}
