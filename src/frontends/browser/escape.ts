// HTML output: every interpolated value is escaped by Hono's `html` tag (H-07: server text
// is inert text, never markup); server strings also lose control and bidi characters first.
import { html as honoHtml } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { sanitizeText } from '../../core/sanitize.js';

export type Html = HtmlEscapedString;
type Part = string | number | boolean | null | undefined | Html | readonly Part[];

/** Escaping template tag; our templates never await, so the result is always synchronous. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  const out = honoHtml(strings, ...(values as unknown[]));
  if (out instanceof Promise) throw new TypeError('html: asynchronous content is not supported');
  return out;
}

/** Untrusted server text for a text node or attribute: sanitised, cut, then escaped by `html`. */
export function serverText(text: string, maxLength = 2000, multiline = false): string {
  return sanitizeText(text, { maxLength, multiline });
}
