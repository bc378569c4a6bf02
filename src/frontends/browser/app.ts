// The HTTP app (no socket here, so tests drive it with app.request()): the current request's page,
// form posts (post/redirect/get), live checks for the script, a state stream, our two assets.
import type { ServerResponse } from 'node:http';
import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { streamSSE } from 'hono/streaming';
import type { Assets } from './assets.js';
import type { Desk } from './desk.js';
import { alreadyAnsweredPage, finishedPage, idlePage, refusedPage } from './pages/status-pages.js';
import { type GuardConfig, guard, headers } from './security.js';

export interface AppDeps {
  readonly desk: Desk;
  readonly guard: GuardConfig;
  readonly assets: Assets;
  /** A page's state stream opened (true) or closed (false): how a closed tab is noticed. */
  readonly onStream?: (open: boolean, entry: string) => void;
  /** A page was loaded (a tab without script is noticed by its reloads); `finished`: the last page. */
  readonly onSeen?: (finished: boolean) => void;
  /** Our script or stylesheet was served (the page that asked for it is loading). */
  readonly onAsset?: (kind: 'js' | 'css') => void;
}

const HEARTBEAT_MS = 15_000;
const SVG = { 'Content-Type': 'image/svg+xml' };
const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="1" y="3" width="14" height="10" rx="2" fill="#555"/></svg>';
const ICON_WAITING =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="1" y="3" width="14" height="10" rx="2" fill="#555"/><circle cx="12.5" cy="3.5" r="3.5" fill="#d00"/></svg>';
/** The adapter's queue does not tell the desk when it grows: its count is polled this often. */
const QUEUE_POLL_MS = 1000;

export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  app.use('*', headers());
  app.use('*', ...guard(deps.guard));
  addPages(app, deps);
  addPosts(app, deps.desk);
  app.get('/events', (c) => streamState(c, deps));
  app.notFound((c) => c.text('Not found', 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      return c.html(
        refusedPage('This request did not come from the page mcp-elicit opened.').toString(),
        error.status,
      );
    }
    return c.text('Internal error', 500);
  });
  return app;
}

// The pages a browser loads: the current request's page, our script and stylesheet, the icons.
function addPages(app: Hono, deps: AppDeps): void {
  const { desk } = deps;
  app.get('/', (c) => {
    const slot = desk.current();
    deps.onSeen?.(!slot && desk.finished);
    const page = slot
      ? slot.entry.page({ nonce: slot.nonce, alsoWaiting: desk.alsoWaiting, entry: slot.id })
      : desk.finished
        ? finishedPage(desk.last)
        : idlePage(desk.last);
    return c.html(page.toString());
  });
  app.get('/app.js', (c) => {
    whenSent(c, () => deps.onAsset?.('js'));
    return c.body(deps.assets.js, 200, assetHeaders(c.req.query('v'), deps.assets, 'text/javascript'));
  });
  app.get('/app.css', (c) => {
    whenSent(c, () => deps.onAsset?.('css'));
    return c.body(deps.assets.css, 200, assetHeaders(c.req.query('v'), deps.assets, 'text/css'));
  });
  // The tab's icon; a dot marks it while a request waits (issue 23).
  app.get('/icon.svg', (c) => c.body(ICON, 200, SVG));
  app.get('/icon-waiting.svg', (c) => c.body(ICON_WAITING, 200, SVG));
  // Where a browser looks when the declared icon did not load (a page left mid-fetch): no 404.
  app.get('/favicon.ico', (c) => c.body(ICON, 200, SVG));
}

// An asset counts as loaded once its response has left (Hono's node server: env.outgoing), so a
// server stopping on it never cuts the response off; without a socket (app.request), at once.
function whenSent(c: Context, done: () => void): void {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing) outgoing.once('finish', done);
  else done();
}

// Asked for under this build's version, an asset may be kept (it can never change under that
// name); under any other, it is served as it is now and not kept.
function assetHeaders(version: string | undefined, assets: Assets, type: string): Record<string, string> {
  return {
    'Content-Type': `${type}; charset=utf-8`,
    'Cache-Control': version === assets.version ? 'private, max-age=31536000, immutable' : 'no-store',
  };
}

// Form posts (post/redirect/get) and the script's live checks.
function addPosts(app: Hono, desk: Desk): void {
  app.post('/answer', async (c) => {
    const body = new URLSearchParams(await c.req.text());
    const result = desk.post(body.get('nonce') ?? '', body.get('action') ?? '', body);
    if (result.kind === 'answered') return c.html(alreadyAnsweredPage(result.summary).toString(), 409);
    if (result.kind === 'unknown')
      return c.html(refusedPage('This form is not valid any more. Reload the page.').toString(), 403);
    return c.redirect('/', 303);
  });

  app.post('/check', async (c) => {
    const body = new URLSearchParams(await c.req.text());
    const result = desk.check(body.get('nonce') ?? '', body);
    return result === undefined ? c.json({ gone: true }, 409) : c.json(result);
  });
}

// The state stream: the desk's state on each change (and each queue poll), until the tab goes away.
function streamState(c: Context, deps: AppDeps): Response {
  const { desk } = deps;
  return streamSSE(c, async (stream) => {
    // The entry the page shows: if its tab goes away, that is the request to cancel.
    const shown = c.req.query('entry') ?? '';
    deps.onStream?.(true, shown);
    let sent = '';
    const send = async () => {
      const state = JSON.stringify(desk.state());
      if (state === sent || stream.aborted) return;
      sent = state;
      await stream.writeSSE({ event: 'state', data: state });
    };
    const off = desk.onChange(() => void send());
    const poll = setInterval(() => void send(), QUEUE_POLL_MS);
    const beat = setInterval(() => void stream.write(': beat\n\n'), HEARTBEAT_MS);
    await new Promise<void>((resolve) => {
      stream.onAbort(() => {
        off();
        clearInterval(poll);
        clearInterval(beat);
        deps.onStream?.(false, shown);
        resolve();
      });
      void send();
    });
  });
}
