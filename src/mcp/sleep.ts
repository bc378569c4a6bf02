// The one abortable pause of the adapter (2026 round retries, task polling).

/** Node's timers overflow past 2^31-1 ms and fire at once; longer pauses are clamped to that. */
const MAX_TIMER_MS = 2_147_483_647;

/** Resolves after `ms`; rejects with the signal's reason as soon as it is aborted. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.min(MAX_TIMER_MS, ms),
    );
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
