// Pages without a request on them: between requests (reloads itself until the next one comes),
// "already answered" for a second submit of the same form, and refusals.
import { assetHref } from '../assets.js';
import { type Html, html } from '../escape.js';
import { layout } from './layout.js';

/** Shown when nothing waits for an answer; `last` says how the previous request ended. */
export function idlePage(last: string | undefined): Html {
  const body = html`<h1>Nothing to answer right now</h1>
${last ? html`<p class="notice" role="status">${last}</p>` : ''}
<p id="idle-note">This page shows the next request as soon as a server asks. You can close the tab; a new one opens when needed.</p>`;
  return layout({ title: 'Waiting for requests', body, refresh: true });
}

/** Shown once the run is over: no refresh, nothing more will come to this tab. */
export function finishedPage(last: string | undefined): Html {
  const body = html`<h1>mcp-elicit has finished</h1>
${last ? html`<p class="notice" role="status">${last}</p>` : ''}
<p>The run is over, so nothing more will be asked here. You can close this tab.</p>`;
  return layout({ title: 'Finished', body, finished: true });
}

export function alreadyAnsweredPage(summary: string): Html {
  const body = html`<h1>Already answered</h1>
<p role="alert">This form was already answered, so nothing more was sent. ${summary}</p>
<p><a href="/">Go to the current request</a></p>`;
  return layout({ title: 'Already answered', body });
}

export function refusedPage(reason: string): Html {
  const body = html`<h1>Not allowed</h1><p>${reason}</p>`;
  return layout({ title: 'Not allowed', body });
}

/** After a launch page's token was taken: on to the form (no script, so nothing else starts). */
export function continuePage(): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="0;url=/">
<title>Opening the form · mcp-elicit</title>
<link rel="stylesheet" href="${assetHref('css')}">
</head>
<body>
<main id="main"><p>Opening the form… If nothing happens, <a href="/">open it here</a>.</p></main>
</body>
</html>
`;
}
