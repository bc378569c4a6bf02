// JSON for terminals and logs (issue 12 #7): JSON.stringify escapes C0 but leaves DEL, C1 (U+009B
// is CSI, U+009D OSC), U+2028/2029 and bidi controls raw, so a terminal printing a report could obey
// server text. These become \u escapes: still valid JSON, and it parses to the same values.

// Only ever inside JSON strings (never structural), so replacing them cannot change the document.
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** `JSON.stringify` whose output holds no control, line-separator, bidi or invisible character. */
export function safeJsonStringify(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(UNSAFE_IN_JSON, escapeChar);
}
