// While the proxy's own front-end waits for a person, the host's request must not time out: this
// tracks whether someone is being asked, and marks the host having stopped waiting so the prompt
// that loses its request says so (core/prompt-ending.ts `host-gave-up`) rather than "withdrawn".
import { HostGaveUp } from '../core/prompt-ending.js';

/** How long after a host's cancel an aborting prompt is taken to have lost that host's request. */
const GAVE_UP_WINDOW_MS = 5_000;

/** Milliseconds between keep-alives: progress (2025-11-25) and input_required rounds (2026-07-28). */
export interface KeepAliveIntervals {
  readonly progress: number;
  readonly round: number;
}

/** Under the Inspector's 10 s request timeout (reset on progress), and a 60 s request timeout for a round, the SDK's default. */
export const DEFAULT_KEEP_ALIVE: KeepAliveIntervals = { progress: 5_000, round: 45_000 };

/** `--keep-alive`: unset for the defaults, seconds (as ms) for both kinds, or false for off. */
export function keepAliveIntervals(ms: number | false | undefined): KeepAliveIntervals | false {
  if (ms === undefined) return DEFAULT_KEEP_ALIVE;
  return ms === false ? false : { progress: ms, round: ms };
}

/** One per face: one person at this machine, so a host whose prompt waits in the queue behind another's is kept alive too. */
export class PersonWaiting {
  #asked = 0;
  #gaveUpAt = Number.NEGATIVE_INFINITY;

  /**
   * @param intervals how often a waiting host request is kept alive, by kind (`--keep-alive` sets
   *   both), or false: progress is cheap, while every input_required round counts against the
   *   host's cap on rounds (the SDK's default is 10).
   */
  constructor(readonly intervals: KeepAliveIntervals | false) {}

  /** True while the proxy's own front-end shows a prompt. */
  get waiting(): boolean {
    return this.#asked > 0;
  }

  /** Runs one prompt of the proxy's front-end, its signal telling a host that gave up from a withdrawal. */
  async during<C extends { readonly signal: AbortSignal }, T>(
    ctx: C,
    run: (ctx: C) => Promise<T>,
  ): Promise<T> {
    const controller = new AbortController();
    const onAbort = () =>
      controller.abort(
        Date.now() - this.#gaveUpAt < GAVE_UP_WINDOW_MS ? new HostGaveUp() : ctx.signal.reason,
      );
    if (ctx.signal.aborted) onAbort();
    else ctx.signal.addEventListener('abort', onAbort, { once: true });
    this.#asked += 1;
    try {
      return await run({ ...ctx, signal: controller.signal });
    } finally {
      this.#asked -= 1;
      ctx.signal.removeEventListener('abort', onAbort);
    }
  }

  /** A host request was cancelled or abandoned: prompts that abort soon after lost it. */
  hostGaveUp(): void {
    if (this.waiting) this.#gaveUpAt = Date.now();
  }

  /** Calls `tick` every interval while the caller waits, until the returned stop. */
  whileWaiting(kind: keyof KeepAliveIntervals, tick: () => void): () => void {
    if (this.intervals === false) return () => {};
    const timer = setInterval(() => {
      if (this.waiting) tick();
    }, this.intervals[kind]);
    timer.unref();
    return () => clearInterval(timer);
  }
}
