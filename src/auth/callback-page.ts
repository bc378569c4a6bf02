// The small static pages the loopback listener answers with. The server's name is the user's own
import { escapeHtml } from '../core/escape-html.js';

// label, still HTML-escaped; nothing the authorization server sent is ever shown.

export function callbackPage(title: string, text: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:32rem;padding:0 1rem}</style>
</head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>
`;
}
