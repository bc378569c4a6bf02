// Server text is untrusted (H-07): before display, strip terminal escape sequences,
// control characters and bidirectional overrides, so a hostile server cannot recolour, move the
// cursor, clear the screen, set the window title, plant OSC 8 links or reorder text.

// ESC-introduced sequences: CSI (ESC [ ... final), OSC/DCS/SOS/PM/APC (ESC ] P X ^ _ ... ST or BEL),
// and two-character escapes (ESC + one byte). C1 equivalents (0x9B CSI, 0x9D OSC, ...) likewise.
const ESCAPE_SEQUENCE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /\u001b\[[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|\u009b[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;

// Remaining C0 (except tab and newline), DEL, C1, every bidi control (U+061C ALM too, like LRM/RLM),
// and the zero-width characters with no job in display text (ZWSP, word joiner, invisible operators,
// BOM), which can hide a boundary inside a word. ZWNJ and ZWJ stay: Persian and Indic spelling and
// emoji sequences need them, and they cannot reorder text.
const CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** How `sanitizeText` shapes the text it cleans. */
export interface SanitizeOptions {
  /** Keep line breaks (messages, descriptions); otherwise they become spaces (titles, labels). */
  readonly multiline?: boolean;
  /** Cut after this many code points, adding an ellipsis (huge payloads). */
  readonly maxLength?: number;
}

/** Plain, inert text for a terminal or a text node. */
export function sanitizeText(input: string, options: SanitizeOptions = {}): string {
  const max = options.maxLength;
  // Cut before cleaning: cleaning (or splitting) 100 MB to show 80 characters exhausts the heap.
  // The margin leaves room for the escape sequences cleaning removes.
  const bound = max === undefined ? Number.POSITIVE_INFINITY : max * 8 + 64;
  const cut = input.length > bound;
  const text = clean(cut ? input.slice(0, bound).replace(/[\ud800-\udbff]$/, '') : input, options);
  if (max === undefined) return text;
  // Only the opening is split into code points (2 units at most each), never the whole text.
  const points = text.length > max || cut ? [...text.slice(0, 2 * max + 2)] : [];
  return points.length > max || cut ? `${points.slice(0, Math.max(0, max - 1)).join('')}…` : text;
}

function clean(input: string, options: SanitizeOptions): string {
  // U+2028/2029 are line breaks to a reader: kept as such in multiline text, spaces otherwise.
  const text = input
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(ESCAPE_SEQUENCE, '')
    .replace(CONTROL, '')
    .replace(/\t/g, ' ');
  return options.multiline ? text : text.replace(/\n+/g, ' ');
}
