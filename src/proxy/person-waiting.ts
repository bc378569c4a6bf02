// While the proxy's own front-end waits for a person, the host's request must not time out: this
// tracks whether someone is being asked, and marks the host having stopped waiting so the prompt
// that loses its request says so (core/prompt-ending.ts `host-gave-up`) rather than "withdrawn".
import { HostGaveUp } from '../core/prompt-ending.js';
import type { Call, CallLedger } from './call-ledger.js';

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

/** What every session of a face shares: one person at this machine. */
class Shared {
  asked = 0;
  gaveUpAt = Number.NEGATIVE_INFINITY;
  /** Each open prompt's controller: the host session it was asked for, and the calls that may have asked it. */
  readonly open = new Map<AbortController, { owner: PersonWaiting; askers: ReadonlySet<Call> }>();
}

/** One per face, with a view per host session (`forSession`): a host whose prompt waits in the queue behind another's is kept alive too. */
export class PersonWaiting {
  readonly #shared: Shared;
  /** This session's calls open upstream, and which of them a question may belong to. */
  readonly #ledger: CallLedger | undefined;
  /** Runs as one of this session's prompts opens; what it returns, as it ends (page-notice.ts). */
  onAsk: (() => () => void) | undefined;

  /**
   * @param intervals how often a waiting host request is kept alive, by kind (`--keep-alive` sets
   *   both), or false: progress is cheap, while every input_required round counts against the
   *   host's cap on rounds (the SDK's default is 10).
   */
  constructor(
    readonly intervals: KeepAliveIntervals | false,
    shared = new Shared(),
    ledger?: CallLedger,
  ) {
    this.#shared = shared;
    this.#ledger = ledger;
  }

  /** The same person, seen from one host session: its prompts end when a call that may have asked them is given up (H-33, H-41). */
  forSession(ledger: CallLedger): PersonWaiting {
    return new PersonWaiting(this.intervals, this.#shared, ledger);
  }

  /** True while the proxy's own front-end shows a prompt. */
  get waiting(): boolean {
    return this.#shared.asked > 0;
  }

  /** Runs one prompt of the proxy's front-end, its signal telling a host that gave up from a withdrawal. */
  async during<C extends { readonly signal: AbortSignal }, T>(
    ctx: C,
    run: (ctx: C) => Promise<T>,
  ): Promise<T> {
    const shared = this.#shared;
    const controller = new AbortController();
    const onAbort = () =>
      controller.abort(
        Date.now() - shared.gaveUpAt < GAVE_UP_WINDOW_MS ? new HostGaveUp() : ctx.signal.reason,
      );
    if (ctx.signal.aborted) onAbort();
    else ctx.signal.addEventListener('abort', onAbort, { once: true });
    // Taken now, in the server request's own context: the calls that may have asked it (call-ledger.ts).
    const askers = this.#ledger?.askers() ?? new Set<Call>();
    // A call that may have asked it was given up already (it arrived before the server saw the cancel).
    if ([...askers].some((call) => call.givenUp)) controller.abort(new HostGaveUp());
    shared.asked += 1;
    shared.open.set(controller, { owner: this, askers });
    const asked = this.onAsk?.();
    try {
      return await run({ ...ctx, signal: controller.signal });
    } finally {
      asked?.();
      shared.asked -= 1;
      shared.open.delete(controller);
      ctx.signal.removeEventListener('abort', onAbort);
    }
  }

  /**
   * The host cancelled or abandoned `call`: prompts that abort soon after lost it. Every prompt the
   * proxy's front-end shows for this session that `call` may have asked ends now (the server may
   * never withdraw it): what was typed is kept for the retry, and nothing is sent for a call the
   * host gave up on (H-33). A question several calls may have asked ends too (H-41).
   */
  hostGaveUp(call: Call): void {
    this.#ledger?.giveUp(call);
    const shared = this.#shared;
    if (shared.asked === 0) return;
    shared.gaveUpAt = Date.now();
    for (const [controller, { owner, askers }] of shared.open)
      if (owner === this && askers.has(call)) controller.abort(new HostGaveUp());
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
