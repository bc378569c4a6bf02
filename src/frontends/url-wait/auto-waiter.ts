// Waiter for scripted runs with --open-urls: no person is present, so the opener command having
// exited stands for "done"; a link that could not be opened cannot be finished (cancel).
import type { UrlWaitChoice, UrlWaiter, UrlWaitInfo } from '../../contracts/url-step.js';

/** Options of `createAutoWaiter`. */
export interface AutoWaiterOptions {
  /** Pause before answering `retry` when the server says the flow is not finished yet. */
  readonly retryDelayMs?: number;
}

/** A waiter for runs without a person: an opened page counts as done, one that could not open as cancel. */
export function createAutoWaiter(options: AutoWaiterOptions = {}): UrlWaiter {
  const delay = options.retryDelayMs ?? 1000;
  return {
    wait(info: UrlWaitInfo, signal: AbortSignal): Promise<UrlWaitChoice> {
      if (signal.aborted) return Promise.resolve('cancel');
      switch (info.reason) {
        case 'finish-in-browser':
          return Promise.resolve('done');
        case 'browser-failed':
          return Promise.resolve('cancel');
        case 'retry-pending':
          return new Promise((resolve) => {
            const timer = setTimeout(() => {
              signal.removeEventListener('abort', onAbort);
              resolve('retry');
            }, delay);
            const onAbort = () => {
              clearTimeout(timer);
              resolve('cancel');
            };
            signal.addEventListener('abort', onAbort, { once: true });
          });
      }
    },
  };
}
