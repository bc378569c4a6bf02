// The HTML5 document around every page: our one stylesheet and one deferred script, nothing inline
// (the Content-Security-Policy allows nothing else).
import { assetHref } from '../assets.js';
import { type Html, html } from '../escape.js';

export interface LayoutOptions {
  /** Plain text; escaped. */
  readonly title: string;
  readonly body: Html;
  /** Without JavaScript the page reloads itself (the idle page, waiting for the next request). */
  readonly refresh?: boolean;
  /** Which entry the page shows (the script reloads when another one is on). */
  readonly entry?: string;
  /** The page saying the run is over (the script then only waits for the server to go). */
  readonly finished?: boolean;
  /** Requests waiting behind the one shown: the tab title counts them all (issue 23). */
  readonly waiting?: number;
}

/** `(2) Form request from github · mcp-elicit` while requests wait; the script keeps it live. */
export function documentTitle(title: string, pending: number): string {
  return `${pending > 0 ? `(${pending}) ` : ''}${title} · mcp-elicit`;
}

export function layout(options: LayoutOptions): Html {
  const pending = options.entry ? 1 + (options.waiting ?? 0) : 0;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${documentTitle(options.title, pending)}</title>
<link rel="icon" href="${pending > 0 ? '/icon-waiting.svg' : '/icon.svg'}" type="image/svg+xml">
<link rel="stylesheet" href="${assetHref('css', !options.finished)}">
<script src="${assetHref('js', !options.finished)}" defer></script>
${options.refresh ? html`<noscript><meta http-equiv="refresh" content="2"></noscript>` : ''}
</head>
<body data-entry="${options.entry ?? ''}" data-title="${options.title}"${options.finished ? html` data-finished="1"` : ''}>
<p id="notify-offer" class="notify-offer" hidden><button type="button" id="notify-allow">Notify me when a request waits</button></p>
<main id="main">
${options.body}
</main>
</body>
</html>
`;
}
