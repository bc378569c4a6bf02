// A wake-up for code that waits on the page server's state (a tab connecting, a page or an asset
// served): it waits for the next change instead of sleeping a fixed time and looking again.

export class Changes {
  #waiters: (() => void)[] = [];

  /** Something a waiter may be waiting for happened. */
  changed(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves once `done()` holds (checked at each change), or after `ms` at the latest. */
  async until(done: () => boolean, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}
