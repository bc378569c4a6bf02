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
  #remaining: number;
  #startedAt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(timeoutMs: number, paused: boolean) {
    this.#timeoutMs = timeoutMs;
    this.#remaining = timeoutMs;
    if (!paused) this.resume();
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  pause(): void {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#remaining -= Date.now() - this.#startedAt;
  }

  resume(): void {
    if (this.#timer !== undefined || this.#controller.signal.aborted) return;
    this.#startedAt = Date.now();
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        this.#controller.abort(
          new SdkError(
            SdkErrorCode.RequestTimeout,
            `Request timed out after ${this.#timeoutMs} ms (time spent answering elicitations not counted)`,
            { timeout: this.#timeoutMs },
          ),
        );
      },
      Math.max(0, this.#remaining),
    );
  }

  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
