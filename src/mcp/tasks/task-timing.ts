// Poll pacing shared by both eras: the server's interval, kept within sane bounds so a server
// cannot make us spin (0 ms) or go silent for hours.
export const DEFAULT_POLL_MS = 1_000;
const MIN_POLL_MS = 100;
const MAX_POLL_MS = 30_000;

export function pollDelay(suggested: number | undefined): number {
  if (suggested === undefined || !Number.isFinite(suggested)) return DEFAULT_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, suggested));
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
