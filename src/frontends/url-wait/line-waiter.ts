// A line-mode waiting prompt (works on a TTY or a pipe): `d` done, `r` retry now, `c` cancel.
// Streams are injectable so tests drive it without a terminal.
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { sanitizeText } from '../../core/sanitize.js';
import type { UrlWaitChoice, UrlWaiter, UrlWaitInfo } from './url-waiter.js';

export interface LineWaiterOptions {
  readonly input: Readable;
  readonly output: Writable;
  /** Client-side limit on waiting (edge case 32); default 15 minutes. Ends in `cancel`. */
  readonly timeoutMs?: number;
}

const CHOICES: Readonly<Record<string, UrlWaitChoice>> = {
  d: 'done',
  done: 'done',
  r: 'retry',
  retry: 'retry',
  c: 'cancel',
  cancel: 'cancel',
  q: 'cancel',
};

export function createLineWaiter(options: LineWaiterOptions): UrlWaiter {
  const { input, output } = options;
  const timeoutMs = options.timeoutMs ?? 15 * 60_000;
  const say = (line: string) => output.write(`${line}\n`);
  return {
    wait(info: UrlWaitInfo, signal: AbortSignal): Promise<UrlWaitChoice> {
      if (signal.aborted) return Promise.resolve('cancel');
      const server = sanitizeText(info.server.label, { maxLength: 80 });
      const url = sanitizeText(info.url);
      if (info.reason === 'browser-failed') {
        say(`[${server}] The browser could not be opened. Open this address yourself:`);
        say(`  ${url}`);
        say('  d = I opened it and finished there   r = try the browser again   c = cancel');
      } else {
        say(
          info.reason === 'retry-pending'
            ? `[${server}] The server says this is not finished yet: ${url}`
            : `[${server}] Finish in your browser: ${url}`,
        );
        say('  d = done   r = retry now   c = cancel');
      }
      return new Promise((resolve) => {
        const rl = createInterface({ input, terminal: false });
        const finish = (choice: UrlWaitChoice) => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          rl.removeListener('close', onClose);
          rl.close();
          resolve(choice);
        };
        const onAbort = () => finish('cancel');
        const onClose = () => finish('cancel');
        const timer = setTimeout(() => {
          say(`[${server}] Stopped waiting after ${Math.round(timeoutMs / 1000)} s.`);
          finish('cancel');
        }, timeoutMs);
        signal.addEventListener('abort', onAbort, { once: true });
        rl.on('close', onClose);
        rl.on('line', (line) => {
          const choice = CHOICES[line.trim().toLowerCase()];
          if (choice !== undefined) finish(choice);
          else say('  type d (done), r (retry now) or c (cancel)');
        });
      });
    },
  };
}
