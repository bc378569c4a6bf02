// Tracks 2025-11-25 URL-mode elicitations of ONE server connection by elicitationId, so that
// `notifications/elicitation/complete` can be matched (spec §3.4). One tracker per connection:
// ids from different servers never meet (E-27, S-13). Ids are opaque strings (C-11).

export type UrlCompletionState = 'pending' | 'completed';

export type CompleteResult = 'completed' | 'unknown' | 'already-completed';

export type WaitResult = 'completed' | 'dropped' | 'aborted';

export class UrlCompletionTracker {
  readonly #states = new Map<string, UrlCompletionState>();
  readonly #listeners = new Set<() => void>();
  // 2026-07-28 has no ids: remember which (request, URL) the person already opened, so the server
  // asking again for it (flow not finished yet) leads to the waiting state, not a second browser.
  readonly #opened = new Set<string>();

  /**
   * Start tracking `id`. Returns false, changing nothing, when the server reuses an id that is
   * still pending or already completed on this connection (S-11 uniqueness broken, E-28):
   * the caller flags it instead of merging the two silently.
   */
  pending(id: string): boolean {
    if (this.#states.has(id)) return false;
    this.#states.set(id, 'pending');
    this.#changed();
    return true;
  }

  /**
   * A completion notification arrived. Unknown ids (never seen, or dropped after a decline or
   * cancel) and already-completed ids are ignored (C-12, E-29, E-30). It may arrive while
   * the consent prompt is still open (E-31): state is by id, not by ordering.
   */
  complete(id: string): CompleteResult {
    const state = this.#states.get(id);
    if (state === undefined) return 'unknown';
    if (state === 'completed') return 'already-completed';
    this.#states.set(id, 'completed');
    this.#changed();
    return 'completed';
  }

  /** Forget `id` after a decline or cancel, so a later notification counts as unknown (E-30). */
  drop(id: string): void {
    if (this.#states.delete(id)) this.#changed();
  }

  state(id: string): UrlCompletionState | undefined {
    return this.#states.get(id);
  }

  /** Ids still waiting for completion. */
  get pendingIds(): string[] {
    return [...this.#states].filter(([, s]) => s === 'pending').map(([id]) => id);
  }

  /**
   * Resolves `completed` once every id in `ids` is completed, `dropped` if one of them stops
   * being tracked, `aborted` when `signal` aborts. Never rejects.
   */
  waitFor(ids: readonly string[], signal?: AbortSignal): Promise<WaitResult> {
    return new Promise((resolve) => {
      const check = (): WaitResult | undefined => {
        if (signal?.aborted) return 'aborted';
        if (ids.some((id) => !this.#states.has(id))) return 'dropped';
        if (ids.every((id) => this.#states.get(id) === 'completed')) return 'completed';
        return undefined;
      };
      const settle = (result: WaitResult) => {
        this.#listeners.delete(listener);
        signal?.removeEventListener('abort', listener);
        resolve(result);
      };
      const listener = () => {
        const result = check();
        if (result !== undefined) settle(result);
      };
      const first = check();
      if (first !== undefined) {
        resolve(first);
        return;
      }
      this.#listeners.add(listener);
      signal?.addEventListener('abort', listener, { once: true });
    });
  }

  /** Remember that the person opened `url` for the request identified by `key` (2026-07-28 era). */
  markOpened(key: string, url: string): void {
    this.#opened.add(`${key}\u0000${url}`);
  }

  /** True once per mark: the server asks again for a URL already opened for the same request. */
  takeOpened(key: string, url: string): boolean {
    return this.#opened.delete(`${key}\u0000${url}`);
  }

  #changed(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}
