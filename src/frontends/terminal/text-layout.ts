// Width-aware wrapping and truncation for already-sanitized text. Terminal cells, not UTF-16
// units: East Asian wide characters and emoji take two cells, combining marks none.

const MARK = /^\p{M}$/u;

function isZeroWidth(ch: string, cp: number): boolean {
  return MARK.test(ch) || (cp >= 0x200b && cp <= 0x200d) || (cp >= 0xfe00 && cp <= 0xfe0f);
}

function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf && cp !== 0x303f) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/** Cells one character (code point) occupies. */
export function charWidth(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  if (isZeroWidth(ch, cp)) return 0;
  return isWide(cp) ? 2 : 1;
}

/** Cells a plain (escape-free) string occupies. */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += charWidth(ch);
  return width;
}

/** Cut to at most `width` cells, ending with an ellipsis when something was cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (textWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const ch of text) {
    const w = charWidth(ch);
    if (used + w > width - 1) break;
    out += ch;
    used += w;
  }
  return `${out}…`;
}

/** Pad with spaces to exactly `width` cells (truncating first if needed). */
export function padTo(text: string, width: number): string {
  const cut = truncate(text, width);
  return cut + ' '.repeat(Math.max(0, width - textWidth(cut)));
}

/** Split one long word into pieces of at most `width` cells. */
function hardBreak(word: string, width: number): string[] {
  const pieces: string[] = [];
  let current = '';
  let used = 0;
  for (const ch of word) {
    const w = charWidth(ch);
    if (used + w > width && current !== '') {
      pieces.push(current);
      current = '';
      used = 0;
    }
    current += ch;
    used += w;
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/** Word-wrap to `width` cells; explicit newlines are kept; never returns an empty array. */
export function wrap(text: string, width: number): string[] {
  const safeWidth = Math.max(1, width);
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let used = 0;
    for (const word of paragraph.split(' ')) {
      const w = textWidth(word);
      const gap = line === '' ? 0 : 1;
      if (used + gap + w <= safeWidth) {
        line += (gap ? ' ' : '') + word;
        used += gap + w;
        continue;
      }
      if (line !== '') lines.push(line);
      if (w <= safeWidth) {
        line = word;
        used = w;
      } else {
        const pieces = hardBreak(word, safeWidth);
        line = pieces.pop() ?? '';
        lines.push(...pieces);
        used = textWidth(line);
      }
    }
    lines.push(line);
  }
  return lines;
}
