// The URL face's 2025 host sessions that a host left without DELETE. The transport spec lets a
// server end a session at any time: the host's next request gets 404 and it initializes anew
// (../shared/spec/). A session with a request or stream still open is never idle.

interface Seen {
  open: number;
  last: number;
}

export class IdleSessions {
  private readonly seen = new Map<string, Seen>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly idleMs: number,
    private readonly end: (id: string) => void,
  ) {}

  add(id: string): void {
    this.seen.set(id, { open: 0, last: Date.now() });
    this.timer ??= setInterval(() => this.sweep(), Math.min(Math.max(this.idleMs / 4, 50), 60_000));
    this.timer.unref();
  }

  remove(id: string): void {
    this.seen.delete(id);
    if (this.seen.size === 0) this.stop();
  }

  /** Counts `answer`'s response as open until its body ends (or its reader goes away). */
  async track(id: string, answer: () => Promise<Response>): Promise<Response> {
    const seen = this.seen.get(id);
    if (!seen) return answer();
    seen.open++;
    seen.last = Date.now();
    let closed = false;
    const done = () => {
      if (closed) return;
      closed = true;
      seen.open--;
      seen.last = Date.now();
    };
    try {
      return whileBodyOpen(await answer(), done);
    } catch (error) {
      done();
      throw error;
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, seen] of this.seen) {
      if (seen.open > 0 || now - seen.last < this.idleMs) continue;
      this.remove(id);
      this.end(id);
    }
  }
}

/** The same response, calling `done` once its body has been read to the end or cancelled. */
function whileBodyOpen(response: Response, done: () => void): Response {
  if (response.body === null) {
    done();
    return response;
  }
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  void response.body
    .pipeTo(writable)
    .catch(() => {})
    .finally(done);
  return new Response(readable, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
