// The HTML5 document around every page: our one stylesheet and one deferred script, nothing inline
// (the Content-Security-Policy allows nothing else).
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
}

export function layout(options: LayoutOptions): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · mcp-elicit</title>
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
${options.refresh ? html`<noscript><meta http-equiv="refresh" content="2"></noscript>` : ''}
</head>
<body data-entry="${options.entry ?? ''}"${options.finished ? html` data-finished="1"` : ''}>
<main id="main">
${options.body}
</main>
</body>
</html>
`;
}
