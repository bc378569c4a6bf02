// Request timeouts that do not count the time a person spends answering. The SDK's own
// `timeout` keeps running through handler time on both eras (2026 digest §2.3), so a slow typist
// would lose the whole call at 60 s. Instead the SDK timeout is effectively disabled and this
// deadline, paused while any elicitation is queued or on screen, aborts the call.
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';

/** setTimeout's largest delay; the SDK timer set to this never fires in practice. */
export const NO_SDK_TIMEOUT = 2_147_483_647;

export class HumanDeadline {
  readonly #controller = new AbortController();
  readonly #timeoutMs: number;
  /** Time spent paused so far, and when the current pause began (undefined when running). */
  #pausedTotal = 0;
  #pausedSince: number | undefined;
  readonly #startedAt = Date.now();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #expired = false;
  #ended = false;
  readonly #caller: AbortSignal | undefined;
  readonly #onCallerAbort = (): void => this.#controller.abort(this.#caller?.reason);

  /**
   * `caller`: the caller's own signal, folded into `signal` (AbortSignal.any costs several times a
   * listener on Node 20, once per request on the proxy's hot path: docs/performance.md).
   */
  constructor(timeoutMs: number, paused: boolean, caller?: AbortSignal) {
    this.#timeoutMs = timeoutMs;
    if (paused) this.#pausedSince = this.#startedAt;
    this.#caller = caller;
    if (caller?.aborted) this.#controller.abort(caller.reason);
    else caller?.addEventListener('abort', this.#onCallerAbort, { once: true });
    // One timer for the whole request: pausing only keeps accounts; when the timer fires early
    // because of a pause, it is armed again for the time still owed (cheap on the hot path).
    this.#arm(timeoutMs);
  }

  /** Aborted when the time is up or the caller's signal aborts, with that one's reason. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The deadline itself ended the request (not the caller). */
  get timedOut(): boolean {
    return this.#expired;
  }

  /** Ends the request now with `reason` (its connection closed); not a timeout. */
  end(reason: unknown): void {
    if (this.#controller.signal.aborted) return;
    this.#ended = true;
    this.#controller.abort(reason);
  }

  /** The deadline ended the request, by its time or by `end`, not the caller: its reason is the request's error. */
  get endedItself(): boolean {
    return this.#expired || this.#ended;
  }

  pause(): void {
    if (this.#pausedSince === undefined) this.#pausedSince = Date.now();
  }

  resume(): void {
    if (this.#pausedSince === undefined) return;
    this.#pausedTotal += Date.now() - this.#pausedSince;
    this.#pausedSince = undefined;
  }

  dispose(): void {
    this.#caller?.removeEventListener('abort', this.#onCallerAbort);
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #arm(delay: number): void {
    this.#timer = setTimeout(() => this.#check(), Math.max(1, delay));
  }

  #check(): void {
    this.#timer = undefined;
    const now = Date.now();
    const paused = this.#pausedTotal + (this.#pausedSince === undefined ? 0 : now - this.#pausedSince);
    const remaining = this.#timeoutMs - (now - this.#startedAt - paused);
    if (this.#pausedSince !== undefined || remaining > 0) {
      // Still owed time (or a person is answering right now): look again later.
      this.#arm(this.#pausedSince !== undefined ? Math.max(remaining, 1000) : remaining);
      return;
    }
    if (this.#controller.signal.aborted) return;
    this.#expired = true;
    this.#controller.abort(
      new SdkError(
        SdkErrorCode.RequestTimeout,
        `Request timed out after ${this.#timeoutMs} ms (time spent answering elicitations not counted)`,
        { timeout: this.#timeoutMs },
      ),
    );
  }
}
