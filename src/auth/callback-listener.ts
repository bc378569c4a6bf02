// The one-shot loopback listener the authorization server redirects back to (RFC 8252 §7.3, A-32,
// E-07): 127.0.0.1 only, on a random or a fixed port, answering only its path and only with the
// expected `state` (anything else gets 400 and the wait goes on, so a stray local request cannot
// end the sign-in); a wrong `iss` ends the sign-in before the code is used. The checks are the
// ones a pasted address gets (callback-check.ts). Every answer closes its connection: a
// kept-alive browser socket would hold the port against the next sign-in.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ElicitError } from '../contracts/elicit-error.js';
import { type CallbackExpectation, checkCallback } from './callback-check.js';
import { callbackPage } from './callback-page.js';
import { CALLBACK_PATH } from './provider.js';

/** How a callback was handled, for the page the browser is shown. */
export type CallbackVerdict =
  | {
      /** Signed in: the page says so. */
      readonly ok: true;
    }
  | {
      /** Failed: the page says so, with `reason`. */
      readonly ok: false;
      /** One sentence of our own (never the authorization server's text). */
      readonly reason: string;
    };

/** A callback with the right state: its whole query, and how to answer the waiting browser. */
export interface Callback {
  /** Every query parameter (code, state, iss, error...), for `transport.finishAuth`. */
  readonly params: URLSearchParams;
  /** Sends the browser its page; call once the sign-in finished or failed. */
  respond(verdict: CallbackVerdict): void;
}

/** A running loopback listener for one sign-in's redirect. */
export interface CallbackListener {
  /** The bound port on 127.0.0.1. */
  readonly port: number;
  /** `http://127.0.0.1:<port>/callback`. */
  readonly redirectUrl: string;
  /**
   * Resolves with the first callback carrying the expected `state`; rejects on a wrong `iss`, after
   * `timeoutMs` or on `signal`.
   */
  wait(
    expected: CallbackExpectation,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<Callback>;
  /** Stops listening and closes every connection, so the port is free at once. */
  close(): Promise<void>;
}

/** Starts listening on 127.0.0.1:`port` (0: any free port). `server` names the page's heading. */
export async function startCallbackListener(port: number, server: string): Promise<CallbackListener> {
  let waiting: Waiting | undefined;
  let redirectUrl = '';
  const http = createServer((req, res) => {
    // Host and port are the ones bound; the path and the query are the request's.
    const url = new URL(req.url ?? '/', redirectUrl);
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH) return answer(res, 404, 'Not found', '');
    const current = waiting;
    const check = current && checkCallback(url, redirectUrl, current.expected);
    if (current === undefined || check === undefined || (!check.ok && check.refusal !== 'wrong-iss')) {
      const text = 'This sign-in link is not the one mcp-elicit is waiting for. Start the sign-in again.';
      return answer(res, 400, 'Not this sign-in', text);
    }
    waiting = undefined;
    if (!check.ok) {
      answer(res, 400, `Sign-in to ${server} failed`, `${check.reason}. You can close this tab.`);
      return current.reject(check.cause ?? new ElicitError('sign-in-failed', check.reason));
    }
    current.resolve({
      params: check.params,
      respond: (verdict) =>
        verdict.ok
          ? answer(res, 200, `Signed in to ${server}`, 'You can close this tab.')
          : answer(res, 400, `Sign-in to ${server} failed`, `${verdict.reason} You can close this tab.`),
    });
  });
  http.on('clientError', (_error, socket) => socket.destroy());
  await listen(http, port);
  const bound = (http.address() as AddressInfo).port;
  redirectUrl = `http://127.0.0.1:${bound}${CALLBACK_PATH}`;
  return {
    port: bound,
    redirectUrl,
    wait: (expected, { timeoutMs, signal }) =>
      new Promise<Callback>((resolve, reject) => {
        const stop = (error: Error) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          waiting = undefined;
          reject(error);
        };
        const onAbort = () => stop(new ElicitError('sign-in-failed', 'the sign-in was cancelled'));
        const timer = setTimeout(
          () =>
            stop(
              new ElicitError(
                'sign-in-failed',
                `no sign-in came back within ${Math.round(timeoutMs / 1000)} s`,
              ),
            ),
          timeoutMs,
        );
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting = {
          expected,
          resolve: (callback) => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            resolve(callback);
          },
          reject: stop,
        };
      }),
    close: () => closeServer(http),
  };
}

interface Waiting {
  readonly expected: CallbackExpectation;
  resolve(callback: Callback): void;
  reject(error: Error): void;
}

function answer(res: ServerResponse<IncomingMessage>, status: number, title: string, text: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'referrer-policy': 'no-referrer',
    connection: 'close',
  });
  res.end(callbackPage(title, text));
}

function listen(http: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const why = error.code === 'EADDRINUSE' ? `port ${port} is in use` : error.message;
      reject(new ElicitError('sign-in-failed', `cannot listen for the sign-in callback: ${why}`));
    };
    http.once('error', onError);
    http.listen(port, '127.0.0.1', () => {
      http.off('error', onError);
      resolve();
    });
  });
}

function closeServer(http: Server): Promise<void> {
  if (!http.listening) return Promise.resolve();
  return new Promise((resolve) => {
    http.close(() => resolve());
    http.closeAllConnections();
  });
}
