// The URL face's 2025 host sessions that a host left without DELETE. The transport spec lets a
// server end a session at any time: the host's next request gets 404 and it initializes anew
// (../shared/spec/). A session with a request or stream still open is never idle.

/** The HTTP server's response for a request (node's ServerResponse): 'close' once sent or cut off. */
export interface ClosingResponse {
  once(event: 'close', listener: () => void): unknown;
}

interface Seen {
  open: number;
  last: number;
}

export class IdleSessions {
  readonly #seen = new Map<string, Seen>();
  #timer: NodeJS.Timeout | undefined;

  readonly #idleMs: number;
  readonly #end: (id: string) => void;

  constructor(idleMs: number, end: (id: string) => void) {
    this.#idleMs = idleMs;
    this.#end = end;
  }

  add(id: string): void {
    this.#seen.set(id, { open: 0, last: Date.now() });
    this.#timer ??= setInterval(() => this.#sweep(), Math.min(Math.max(this.#idleMs / 4, 50), 60_000));
    this.#timer.unref();
  }

  remove(id: string): void {
    this.#seen.delete(id);
    if (this.#seen.size === 0) this.stop();
  }

  /** Counts a request of session `id` as open until its response closes (sent, or its connection gone). */
  open(id: string, response: ClosingResponse): void {
    const seen = this.#seen.get(id);
    if (!seen) return;
    seen.open++;
    seen.last = Date.now();
    response.once('close', () => {
      seen.open--;
      seen.last = Date.now();
    });
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  #sweep(): void {
    const now = Date.now();
    for (const [id, seen] of this.#seen) {
      if (seen.open > 0 || now - seen.last < this.#idleMs) continue;
      this.remove(id);
      this.#end(id);
    }
  }
}
