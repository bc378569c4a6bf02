// HTML escaping for pages written without a template engine (the sign-in callback, the demo's
// sign-in page); the browser front-end escapes through Hono's `html` tag instead.

/** `text` safe in an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
