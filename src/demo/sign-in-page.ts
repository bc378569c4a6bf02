// The demo's own sign-in page for its URL-mode step: a tiny web page on 127.0.0.1 (random port),
// started on first use. GET shows a form; POST signs the flow in. Nothing leaves the machine.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { escapeHtml } from '../core/escape-html.js';

export interface SignInFlow {
  readonly id: string;
  readonly url: string;
  /** The name typed on the page, once signed in. */
  signedInAs?: string;
  readonly waiters: Set<() => void>;
}

const flows = new Map<string, SignInFlow>();
const MAX_FLOWS = 1000;
const MAX_BODY = 4096;
let base: Promise<string> | undefined;

export async function newSignInFlow(): Promise<SignInFlow> {
  const id = randomUUID();
  // Bounded: a long-running demo server forgets the oldest flows.
  if (flows.size >= MAX_FLOWS) flows.delete(flows.keys().next().value as string);
  const flow: SignInFlow = { id, url: `${await pageBase()}/sign-in?flow=${id}`, waiters: new Set() };
  flows.set(id, flow);
  return flow;
}

export function findSignInFlow(id: string): SignInFlow | undefined {
  return flows.get(id);
}

/** Resolves true once the flow is signed in, false after `waitMs` or on abort. */
export function untilSignedIn(flow: SignInFlow, waitMs: number, signal: AbortSignal): Promise<boolean> {
  if (flow.signedInAs !== undefined) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      flow.waiters.delete(wake);
      signal.removeEventListener('abort', abort);
      resolve(value);
    };
    const wake = () => done(true);
    const abort = () => done(false);
    const timer = setTimeout(() => done(false), waitMs);
    flow.waiters.add(wake);
    signal.addEventListener('abort', abort, { once: true });
  });
}

function pageBase(): Promise<string> {
  base ??= new Promise((resolve, reject) => {
    const http = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
        if (body.length > MAX_BODY) req.destroy();
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const flow = flows.get(url.searchParams.get('flow') ?? form.get('flow') ?? '');
        const html = (status: number, text: string) =>
          res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(page(text));
        if (url.pathname !== '/sign-in' || flow === undefined)
          return html(404, '<p>Unknown sign-in link.</p>');
        if (req.method === 'POST') {
          flow.signedInAs = (form.get('name') ?? '').trim().slice(0, 80) || 'someone';
          for (const wake of flow.waiters) wake();
          return html(200, `<p>Signed in as ${escapeHtml(flow.signedInAs)}. You can close this tab.</p>`);
        }
        return html(
          200,
          `<h1>mcp-elicit demo: sign in</h1><p>This page stands in for a real sign-in. Nothing leaves your machine.</p>` +
            `<form method="post" action="/sign-in"><input type="hidden" name="flow" value="${flow.id}">` +
            `<label>Your name <input name="name" value="Ada Lovelace"></label> <button>Sign in</button></form>`,
        );
      });
    });
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => {
      const address = http.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    });
    // The page never keeps the demo server alive on its own.
    http.unref();
  });
  return base;
}

function page(body: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Demo sign-in</title><body>${body}</body></html>`;
}
