// Which host calls a server request may belong to. A 2025 server over stdio names none, so a
// question is taken to belong to any call open upstream when it arrived, and a call the host gave
// up on stays "possibly the asker" until the server has seen the cancel: the answer to a ping sent
// after it (stdio keeps order), so a question the server sent before reading the cancel is never
// put under the one other call (docs/proxy.md, H-41, H-42).
import { AsyncLocalStorage } from 'node:async_hooks';

/** One host request open upstream (a 2025 host's request, a 2026 host's job or its list). */
export class Call {
  #givenUp = false;
  /** Sends a notice on the host request open on this call now (a 2026 host's round). */
  #tell: ((data: string) => void) | undefined;
  /** Notices for the host that came while no request of it was open on this call. */
  readonly #pending = new Set<string>();

  /** True once the host cancelled it, timed out or stopped retrying. */
  get givenUp(): boolean {
    return this.#givenUp;
  }

  /** @internal Marked by the ledger only. */
  markGivenUp(): void {
    this.#givenUp = true;
  }

  /** Tells the host about this call (page-notice.ts), now or on its next request; returns the withdrawal. */
  notice(data: string): () => void {
    if (this.#tell) {
      this.#tell(data);
      return () => {};
    }
    this.#pending.add(data);
    return () => this.#pending.delete(data);
  }

  /** The host has a request open on this call until the returned stop: notices go out on it. */
  listen(tell: (data: string) => void): () => void {
    this.#tell = tell;
    for (const data of this.#pending) tell(data);
    this.#pending.clear();
    return () => {
      if (this.#tell === tell) this.#tell = undefined;
    };
  }
}

/** Sends something upstream whose answer comes after everything the server wrote before it. */
export type Fence = () => Promise<unknown>;

export class CallLedger {
  /** Calls a server request arriving now may belong to. */
  readonly #possible = new Set<Call>();
  /** The call whose own upstream request the running code serves (a 2026 server's round, a -32042 retry). */
  readonly #tied = new AsyncLocalStorage<Call>();
  /** The calls the server request being handled may belong to, as they were when it arrived. */
  readonly #question = new AsyncLocalStorage<ReadonlySet<Call>>();
  #fence: Fence = async () => {};

  /** The upstream session's fence (a ping on 2025-11-25; a 2026 server's requests are all tied). */
  useFence(fence: Fence): void {
    this.#fence = fence;
  }

  open(): Call {
    const call = new Call();
    this.#possible.add(call);
    return call;
  }

  /** Runs `run` as `call`'s own: what the server asks inside it is that call's. */
  within<T>(call: Call, run: () => T): T {
    return this.#tied.run(call, run);
  }

  /** The host gave up on `call`: from now on an answer for it is never sent (H-41). */
  giveUp(call: Call): void {
    call.markGivenUp();
  }

  /**
   * `call`'s upstream request settled. A call given up on may still have asked what arrives until
   * the server answers the fence sent after its cancel (the SDK sent the cancel before rejecting).
   */
  settled(call: Call): void {
    if (!call.givenUp) {
      this.#possible.delete(call);
      return;
    }
    void this.#fence()
      .catch(() => {})
      .finally(() => this.#possible.delete(call));
  }

  /** Runs a server request's handler knowing the calls it may belong to at its arrival. */
  arrived<T>(run: () => T): T {
    const tied = this.#tied.getStore();
    const askers: ReadonlySet<Call> = tied ? new Set([tied]) : new Set(this.#possible);
    return this.#question.run(askers, run);
  }

  /** True inside a call's own upstream request (what the server asks there is surely that call's). */
  isTied(): boolean {
    return this.#tied.getStore() !== undefined;
  }

  /** The calls the server request being handled may belong to (open calls now, outside a handler). */
  askers(): ReadonlySet<Call> {
    const tied = this.#tied.getStore();
    if (tied) return new Set([tied]);
    return this.#question.getStore() ?? new Set(this.#possible);
  }
}
