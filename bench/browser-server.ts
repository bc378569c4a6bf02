// Child process of bench/browser.ts: the page server alone, so its memory is measured without the
// Playwright client that drives Chromium. `renderer` runs a BrowserRenderer that asks one form per
// `round` message; `bare` serves fixed HTML from node:http. Either reports its RSS and heap after
// full collections on `measure`. Run with --expose-gc, under tsx.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BrowserRenderer } from '../src/frontends/browser/index.js';
import { context, enginePrompt, profileSchema } from '../test/frontends/scripted/fixtures.js';

export type ToServer =
  | { readonly type: 'measure' }
  | { readonly type: 'round' }
  | { readonly type: 'bare'; readonly html: string }
  | { readonly type: 'stop' };

export type FromServer =
  | { readonly type: 'memory'; readonly rss: number; readonly heapUsed: number }
  | { readonly type: 'open'; readonly url: string }
  | { readonly type: 'started'; readonly at: number }
  | { readonly type: 'answered' }
  | { readonly type: 'listening'; readonly url: string };

const send = (message: FromServer) => process.send?.(message);
const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) throw new Error('run with --expose-gc');

let renderer: BrowserRenderer | undefined;
let bare: ReturnType<typeof createServer> | undefined;

process.on('message', (message: ToServer) => {
  switch (message.type) {
    case 'measure':
      // V8 hands freed pages back lazily: collect, let it settle, collect again, then read.
      collect();
      setTimeout(() => {
        collect();
        collect();
        const { rss, heapUsed } = process.memoryUsage();
        send({ type: 'memory', rss, heapUsed });
      }, 300);
      return;
    case 'round': {
      renderer ??= new BrowserRenderer({
        opener: {
          open: async (url) => {
            send({ type: 'open', url });
            return { ok: true };
          },
        },
        lingerMs: 60_000,
      });
      send({ type: 'started', at: Date.now() });
      void renderer.form(enginePrompt(profileSchema), context()).then(() => send({ type: 'answered' }));
      return;
    }
    case 'bare': {
      const { html } = message;
      const server = createServer((req, res) => {
        res
          .writeHead(200, { 'content-type': req.url === '/' ? 'text/html' : 'text/plain' })
          .end(req.url === '/' ? html : '');
      });
      bare = server;
      server.listen(0, '127.0.0.1', () => {
        send({ type: 'listening', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
      });
      return;
    }
    case 'stop':
      void (async () => {
        await renderer?.close();
        bare?.closeAllConnections();
        bare?.close();
        process.disconnect();
      })();
  }
});
