// Screen lines as styled segments. Views produce plain text plus a style name; only the painter
// turns style names into SGR codes, and not at all under NO_COLOR (https://no-color.org).
import { textWidth, truncate } from './text-layout.js';

export type Tone = 'plain' | 'bold' | 'dim' | 'focus' | 'error' | 'warn' | 'ok' | 'domain' | 'heading';

export interface Segment {
  readonly text: string;
  readonly tone: Tone;
}

export type Line = readonly Segment[];

export function seg(text: string, tone: Tone = 'plain'): Segment {
  return { text, tone };
}

export function lineWidth(line: Line): number {
  let width = 0;
  for (const s of line) width += textWidth(s.text);
  return width;
}

/** Cut a styled line to `width` cells. */
export function fitLine(line: Line, width: number): Line {
  if (lineWidth(line) <= width) return line;
  const out: Segment[] = [];
  let left = width;
  for (const s of line) {
    const w = textWidth(s.text);
    if (w < left) {
      out.push(s);
      left -= w;
      continue;
    }
    out.push(seg(truncate(s.text, left), s.tone));
    break;
  }
  return out;
}

const SGR: Record<Tone, string> = {
  plain: '',
  bold: '\u001b[1m',
  dim: '\u001b[2m',
  focus: '\u001b[1;36m',
  error: '\u001b[31m',
  warn: '\u001b[33m',
  ok: '\u001b[32m',
  domain: '\u001b[1;4m',
  heading: '\u001b[1;4m',
};

/** Serialise a line; with `color` false no escape sequence at all is emitted. */
export function paint(line: Line, color: boolean): string {
  let out = '';
  for (const s of line) {
    const code = color ? SGR[s.tone] : '';
    out += code ? `${code}${s.text}\u001b[0m` : s.text;
  }
  return out;
}
