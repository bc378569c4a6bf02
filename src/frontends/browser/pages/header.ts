// Who asks and why: the name the user gave the server, the name the server gives itself (a quote:
// self-asserted), the request, the queue, and the server's message as plain text.
import type { Asker } from '../entry.js';
import { type Html, html, serverText } from '../escape.js';

export function askerHeader(asker: Asker, heading: string, alsoWaiting: number, message: string): Html {
  const { server, request } = asker;
  const self = server.selfName
    ? `${serverText(server.selfName, 80)}${server.selfVersion ? ` ${serverText(server.selfVersion, 30)}` : ''}`
    : undefined;
  const waiting = asker.waiting() + alsoWaiting;
  return html`<header class="asker">
<h1>${heading}</h1>
<p class="who">From <strong class="server">${serverText(server.label, 120)}</strong>${
    self ? html` <span class="self">(calls itself <q>${self}</q>)</span>` : ''
  }${request ? html` for ${requestText(request)}` : ''}</p>
<p class="queue" id="queue" aria-live="polite">${queueText(waiting)}</p>
${message.trim() === '' ? '' : html`<div class="message" id="message"><p>${serverText(message, 4000, true)}</p></div>`}
</header>`;
}

export function queueText(waiting: number): string {
  if (waiting <= 0) return '';
  return waiting === 1
    ? '1 more request waiting after this one.'
    : `${waiting} more requests waiting after this one.`;
}

function requestText(request: { readonly method: string; readonly name?: string }): Html {
  const what =
    request.method === 'tools/call'
      ? 'tool call'
      : request.method === 'prompts/get'
        ? 'prompt'
        : request.method === 'resources/read'
          ? 'resource'
          : serverText(request.method, 40);
  return request.name === undefined
    ? html`${what}`
    : html`${what} <code>${serverText(request.name, 120)}</code>`;
}

/** "Cancel all from demo" when the name is short, else "from this server". */
export function muteLabel(asker: Asker): string {
  const name = serverText(asker.server.label, 40);
  return name.length <= 20 ? `Cancel all from ${name}` : 'Cancel all from this server';
}
