// For tests of untrusted text: does a message still hold a terminal control (C0 but tab and
// newline, DEL, C1, bidi overrides)? Checked by code point, so no regex needs control characters.

/** The first control character left in `text`, as `U+001B`, or undefined when it has none. */
export function controlIn(text: string): string | undefined {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const control =
      (code < 0x20 && code !== 0x09 && code !== 0x0a) ||
      (code >= 0x7f && code <= 0x9f) ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069);
    if (control) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return undefined;
}
