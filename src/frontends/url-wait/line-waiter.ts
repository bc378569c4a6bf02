// A line-mode waiting prompt (works on a TTY or a pipe): `d` done, `r` retry now, `c` cancel.
// Reads either its own input stream or a line source shared with a front-end (e.g. the plain
// renderer's LineQueue), so two readers never compete for the same lines.
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { UrlWaitChoice, UrlWaiter, UrlWaitInfo } from '../../contracts/url-step.js';
import { sanitizeText } from '../../core/sanitize.js';

/** One read from a `LineSource`: a line, the end of input, or an aborted read. */
export type LineRead =
  | {
      /** A line was typed. */
      readonly kind: 'line';
      /** The line, without its line break. */
      readonly text: string;
    }
  | {
      /** The input ended. */
      readonly kind: 'eof';
    }
  | {
      /** The read's signal aborted first. */
      readonly kind: 'aborted';
    };

/** Same shape as the plain front-end's LineQueue. */
export interface LineSource {
  /** The next line, or why there is none. */
  read(signal: AbortSignal): Promise<LineRead>;
}

/** Where a line waiter reads (its own stream, or lines shared with a front-end) and writes. */
export type LineWaiterOptions = (
  | {
      /** A stream of its own to read lines from. */
      readonly input: Readable;
      /** Not with `input`. */
      readonly lines?: undefined;
    }
  | {
      /** Lines shared with a front-end, so two readers never compete. */
      readonly lines: LineSource;
      /** Not with `lines`. */
      readonly input?: undefined;
    }
) & {
  /** Where the waiting prompt is written. */
  readonly output: Writable | NodeJS.WritableStream;
  /** Client-side limit on waiting (E-32); default 15 minutes. Ends in `cancel`. */
  readonly timeoutMs?: number;
};

const CHOICES: Readonly<Record<string, UrlWaitChoice>> = {
  d: 'done',
  done: 'done',
  r: 'retry',
  retry: 'retry',
  c: 'cancel',
  cancel: 'cancel',
  q: 'cancel',
};

/** A waiting state on lines of text (`d` done, `r` retry now, `c` cancel), for a TTY or a pipe. */
export function createLineWaiter(options: LineWaiterOptions): UrlWaiter {
  const { output } = options;
  const timeoutMs = options.timeoutMs ?? 15 * 60_000;
  const say = (line: string) => output.write(`${line}\n`);
  return {
    async wait(info: UrlWaitInfo, signal: AbortSignal): Promise<UrlWaitChoice> {
      if (signal.aborted) return 'cancel';
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
      // A referenced timer (AbortSignal.timeout is unref'd): waiting keeps the process alive.
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), timeoutMs);
      const stop = AbortSignal.any([signal, timeout.signal]);
      const lines = options.lines ?? ownLines(options.input);
      try {
        for (;;) {
          const read = await lines.read(stop);
          if (read.kind !== 'line') {
            if (timeout.signal.aborted && !signal.aborted)
              say(`[${server}] Stopped waiting after ${Math.round(timeoutMs / 1000)} s.`);
            return 'cancel';
          }
          const choice = CHOICES[read.text.trim().toLowerCase()];
          if (choice !== undefined) return choice;
          say('  type d (done), r (retry now) or c (cancel)');
        }
      } finally {
        clearTimeout(timer);
        if (!options.lines) (lines as OwnLines).close();
      }
    },
  };
}

interface OwnLines extends LineSource {
  close(): void;
}

// A readline reader for one wait; closed afterwards so the stream is free for others.
function ownLines(input: Readable): OwnLines {
  const rl = createInterface({ input, terminal: false });
  const queue: string[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  rl.on('line', (line) => {
    queue.push(line);
    wake?.();
  });
  rl.on('close', () => {
    ended = true;
    wake?.();
  });
  return {
    read(signal: AbortSignal): Promise<LineRead> {
      return new Promise((resolve) => {
        const attempt = () => {
          const line = queue.shift();
          if (line !== undefined) return finish({ kind: 'line', text: line });
          if (ended) return finish({ kind: 'eof' });
          if (signal.aborted) return finish({ kind: 'aborted' });
          wake = attempt;
        };
        const finish = (result: LineRead) => {
          wake = undefined;
          signal.removeEventListener('abort', attempt);
          resolve(result);
        };
        signal.addEventListener('abort', attempt, { once: true });
        attempt();
      });
    },
    close: () => rl.close(),
  };
}
