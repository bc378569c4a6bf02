// The parts every screen shares: who is asking (C-01, C-18), the scrolling body that never pushes
// the buttons off the screen, the button bar and the key-hint footer.
import type { PromptContext } from '../../contracts/renderer.js';
import { sanitizeText } from '../../core/sanitize.js';
import { fitLine, type Line, lineWidth, type Segment, seg } from './style.js';
import { truncate, wrap } from './text-layout.js';

export interface Frame {
  readonly lines: readonly Line[];
  /** Where the terminal cursor goes (0-based), for the caret of a text input; else hidden. */
  readonly cursor?: { readonly row: number; readonly col: number };
}

export interface Size {
  readonly columns: number;
  readonly rows: number;
}

export const MIN_SIZE: Size = { columns: 30, rows: 8 };

/** A body line, tagged with the focusable item it belongs to (for scrolling). */
export interface BodyLine {
  readonly line: Line;
  readonly item?: number;
  /** Column of the text caret on this line, when the focused input is here. */
  readonly caret?: number;
  /** Index of the field this line belongs to; keeps a label in view with its options. */
  readonly group?: number;
}

function requestText(ctx: PromptContext): string | undefined {
  const request = ctx.request;
  if (request === undefined) return undefined;
  const name = request.name === undefined ? '' : ` "${sanitizeText(request.name, { maxLength: 60 })}"`;
  if (request.method === 'tools/call') return `for tool call${name}`;
  return `for ${sanitizeText(request.method, { maxLength: 40 })}${name}`;
}

export function serverName(ctx: PromptContext): string {
  return sanitizeText(ctx.server.label, { maxLength: 60 });
}

/**
 * Header: kind of request, the user's name for the server, its self-asserted name, the call.
 * `title` reads on into the server name: "Form request from", "Review before sending to".
 */
export function headerLines(
  title: string,
  ctx: PromptContext,
  width: number,
  extra: readonly Line[],
): Line[] {
  const lines: Line[] = [];
  const first: Line = [seg(title, 'heading'), seg(' '), seg(serverName(ctx), 'bold')];
  const self = ctx.server.selfName;
  const selfText =
    self === undefined
      ? []
      : [
          seg(
            ` (calls itself "${sanitizeText(self, { maxLength: 40 })}${
              ctx.server.selfVersion ? ` ${sanitizeText(ctx.server.selfVersion, { maxLength: 20 })}` : ''
            }")`,
            'dim',
          ),
        ];
  lines.push(fitLine([...first, ...selfText], width));
  const second: Segment[] = [];
  const request = requestText(ctx);
  if (request) second.push(seg(request, 'dim'));
  if (ctx.waiting > 0) {
    if (second.length > 0) second.push(seg(' · '));
    second.push(seg(`${ctx.waiting} more request${ctx.waiting === 1 ? '' : 's'} waiting`, 'warn'));
  }
  if (second.length > 0) lines.push(fitLine(second, width));
  for (const line of extra) lines.push(fitLine(line, width));
  return lines;
}

/** The server's message, wrapped, at most `cap` lines (the last one ellipsised when cut). */
export function messageLines(message: string, width: number, cap: number): { lines: Line[]; cut: boolean } {
  const text = sanitizeText(message, { multiline: true, maxLength: 4000 });
  const wrapped = wrap(text, width);
  if (wrapped.length <= cap) return { lines: wrapped.map((l) => [seg(l)]), cut: false };
  const shown = wrapped.slice(0, Math.max(1, cap));
  const last = shown.length - 1;
  shown[last] = truncate(`${shown[last] ?? ''} `, width - 1).replace(/ ?$/, '…');
  return { lines: shown.map((l) => [seg(l)]), cut: true };
}

export function rule(width: number): Line {
  return [seg('─'.repeat(Math.max(0, width)), 'dim')];
}

export interface ButtonSpec {
  readonly label: string;
  readonly focused: boolean;
}

/** Buttons laid out left to right, wrapping onto more lines rather than being cut off. */
export function buttonLines(buttons: readonly ButtonSpec[], width: number): Line[] {
  const lines: Line[] = [];
  let current: Line = [];
  for (const button of buttons) {
    const text = button.focused ? `[>${button.label}<]` : `[ ${button.label} ]`;
    const piece = seg(truncate(text, width - 1), button.focused ? 'focus' : 'plain');
    const needed = lineWidth(current) + (current.length > 0 ? 2 : 0) + lineWidth([piece]);
    if (current.length > 0 && needed > width - 1) {
      lines.push(current);
      current = [];
    }
    current = current.length > 0 ? [...current, seg('  '), piece] : [piece];
  }
  if (current.length > 0) lines.push(current);
  return lines;
}

/** Content lines shown when the body starts at `top`, after the "more above/below" markers. */
function contentHeight(top: number, total: number, height: number): number {
  const above = top > 0 ? 1 : 0;
  const rest = height - above;
  return top + rest >= total ? rest : rest - 1;
}

/** Choose the first body line so the focused item (with its field's label) is visible. */
function scrollBody(
  body: readonly BodyLine[],
  focus: number,
  height: number,
  previous: number,
): { top: number; shown: BodyLine[] } {
  const total = body.length;
  if (total <= height) return { top: 0, shown: [...body] };
  const focusLines = body.map((b, i) => (b.item === focus ? i : -1)).filter((i) => i >= 0);
  if (focusLines.length === 0) {
    // Nothing focused in the body (URL consent): keep the person's own scroll position.
    let top = Math.max(0, Math.min(previous, total - 1));
    while (top > 0 && top - 1 + contentHeight(top - 1, total, height) >= total) top--;
    return { top, shown: window(body, top, height) };
  }
  const firstFocus = focusLines[0] ?? 0;
  const lastFocus = focusLines[focusLines.length - 1] ?? firstFocus;
  // Prefer showing the focused field whole (label, options, issue); else at least the focused line.
  const group = body[firstFocus]?.group;
  const groupStart = group === undefined ? firstFocus : body.findIndex((b) => b.group === group);
  let groupEnd = lastFocus;
  while (group !== undefined && body[groupEnd + 1]?.group === group) groupEnd++;
  const whole = groupEnd - groupStart + 1 <= height - 2;
  const from = whole ? groupStart : firstFocus;
  const to = whole ? groupEnd : lastFocus;
  let top = Math.max(0, Math.min(previous, total - 1));
  if (from < top) top = from;
  while (top < from && to >= top + contentHeight(top, total, height)) top++;
  // Do not leave empty space at the end (after a resize or a shorter screen).
  while (top > 0 && top - 1 + contentHeight(top - 1, total, height) >= total) top--;
  return { top, shown: window(body, top, height) };
}

function window(body: readonly BodyLine[], top: number, height: number): BodyLine[] {
  const total = body.length;
  const count = contentHeight(top, total, height);
  const shown: BodyLine[] = [];
  if (top > 0) shown.push({ line: [seg(`  ↑ ${top} more line${top === 1 ? '' : 's'} above`, 'dim')] });
  shown.push(...body.slice(top, top + count));
  const rest = total - top - count;
  if (rest > 0) shown.push({ line: [seg(`  ↓ ${rest} more line${rest === 1 ? '' : 's'} below`, 'dim')] });
  return shown;
}

export interface Layout {
  readonly header: readonly Line[];
  readonly body: readonly BodyLine[];
  readonly focus: number;
  readonly scroll: number;
  readonly status: Line;
  readonly buttons: readonly Line[];
  readonly keys: string;
}

/** Stack header, scrolled body, status, buttons and keys into exactly `size.rows` lines. */
export function compose(layout: Layout, size: Size): { frame: Frame; scroll: number } {
  const width = size.columns - 1;
  if (size.columns < MIN_SIZE.columns || size.rows < MIN_SIZE.rows) {
    const text = `Terminal too small (${size.columns}x${size.rows}); make it at least ${MIN_SIZE.columns}x${MIN_SIZE.rows}, or press Esc to cancel.`;
    const lines = wrap(text, Math.max(1, width))
      .slice(0, Math.max(1, size.rows))
      .map((l) => [seg(l)]);
    return { frame: { lines }, scroll: layout.scroll };
  }
  const footer: Line[] = [
    rule(width),
    fitLine(layout.status, width),
    ...layout.buttons,
    [seg(truncate(layout.keys, width), 'dim')],
  ];
  const header = [...layout.header];
  // Never clip the buttons: the header gives way first, keeping at least the server line.
  while (header.length > 1 && header.length + footer.length + 3 > size.rows) header.pop();
  const bodyHeight = Math.max(1, size.rows - header.length - footer.length);
  const { top, shown } = scrollBody(layout.body, layout.focus, bodyHeight, layout.scroll);
  const lines: Line[] = [...header];
  let cursor: Frame['cursor'];
  for (const b of shown) {
    if (b.caret !== undefined) cursor = { row: lines.length, col: Math.min(b.caret, width) };
    lines.push(fitLine(b.line, width));
  }
  while (lines.length < size.rows - footer.length) lines.push([]);
  lines.push(...footer.map((l) => fitLine(l, width)));
  return {
    frame: cursor ? { lines: lines.slice(0, size.rows), cursor } : { lines: lines.slice(0, size.rows) },
    scroll: top,
  };
}
