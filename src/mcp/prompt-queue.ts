// One prompt on screen at a time, across every server attached to the same queue (spec §5 edge
// case 39; the SDK dispatches the inputs of one 2026-era round concurrently, so the queue is ours).
// Also the session-wide "cancel everything from this server" switch, a per-server cap on waiting
// prompts and a per-server rate over time (C-21).
import { cancelOutcome } from '../core/choice-outcome.js';
import type { CancelOutcome } from '../core/outcome.js';
import { withdrawnOutcome } from '../core/prompt-ending.js';
import { DEFAULT_RATE_LIMIT, type RateLimit, type RateLimitChoice, RateLimiter } from './rate-limit.js';

/** Limits of a `PromptQueue`. */
export interface QueueOptions {
  /**
   * Elicitations that may wait per server before new ones are cancelled `queue-full`: a memory
   * bound, separate from the rate. Default 16 with a rate in force, 1024 with `rate: false`.
   */
  readonly maxWaitingPerServer?: number;
  /** Prompts per server over time (token bucket); default 10 at once, then 10 a minute; false: off. */
  readonly rate?: RateLimit | false;
  /** Clock for the rate limit (tests). */
  readonly now?: () => number;
  /**
   * Every prompt is shown at once instead of one at a time: for a front-end that parks each
   * question for a later answer (P-06), where nothing is on a screen to take turns on.
   */
  readonly concurrent?: boolean;
}

/** Asks the person whether a server over its rate may show this prompt (interactive front-ends). */
export type OverRateAsk = (waiting: () => number) => Promise<RateLimitChoice>;

interface Entry {
  readonly server: string;
  readonly start: () => void;
}

export type SkipReason = 'muted' | 'rate-limited' | 'queue-full' | 'aborted';

/** Default waiting cap per server: with a rate, and with `rate: false` (then only memory bounds it). */
export const MAX_WAITING_PER_SERVER = { rated: 16, unrated: 1024 } as const;

/**
 * How a prompt that was never shown ends, with the limit in words (C-21: a client may rate-limit a
 * server); one withdrawn while it waited says why its `signal` aborted, as a shown one would.
 */
export function skippedOutcome(reason: SkipReason, signal: AbortSignal): CancelOutcome {
  if (reason === 'rate-limited') return cancelOutcome(reason, 'this server asked too often (rate limit)');
  if (reason === 'queue-full')
    return cancelOutcome(reason, "too many of this server's prompts are already waiting");
  return reason === 'aborted' ? withdrawnOutcome(signal) : cancelOutcome(reason);
}

/** One prompt on screen at a time across every session that shares the queue, with per-server mute and rate limits. */
export class PromptQueue {
  readonly #entries: Entry[] = [];
  readonly #muted = new Set<string>();
  readonly #maxWaiting: number;
  readonly #limiter: RateLimiter | undefined;
  #busy = false;
  readonly #concurrent: boolean;
  /** Prompts open at once (concurrent queues only). */
  #open = 0;
  /** Listeners told when the number of open-or-waiting prompts changes (human-aware timeouts). */
  readonly #activity = new Set<(active: boolean) => void>();

  constructor(options: QueueOptions = {}) {
    const rate = options.rate ?? DEFAULT_RATE_LIMIT;
    this.#maxWaiting =
      options.maxWaitingPerServer ?? MAX_WAITING_PER_SERVER[rate === false ? 'unrated' : 'rated'];
    this.#limiter = rate === false ? undefined : new RateLimiter(rate, options.now);
    this.#concurrent = options.concurrent === true;
  }

  /** The rate over time in force, if any. */
  get rate(): RateLimit | undefined {
    return this.#limiter?.limit;
  }

  /** Cancels every further prompt from `server` (by label) for the queue's lifetime. */
  mute(server: string): void {
    this.#muted.add(server);
  }

  /** True once `server` was muted. */
  isMuted(server: string): boolean {
    return this.#muted.has(server);
  }

  /** Number of prompts waiting behind the one on screen. */
  get waiting(): number {
    return this.#entries.length;
  }

  /** True while a prompt is on screen or waiting. */
  get active(): boolean {
    return this.#busy || this.#open > 0 || this.#entries.length > 0;
  }

  /** Calls `listener` when `active` changes; returns the unsubscribe function. */
  onActivity(listener: (active: boolean) => void): () => void {
    this.#activity.add(listener);
    return () => this.#activity.delete(listener);
  }

  /**
   * Runs `show` when it is this prompt's turn. A prompt whose signal aborts while it waits is
   * never shown; a muted server's prompts are never shown. A server over its rate is cancelled
   * (`rate-limited`), unless `overRate` lets a person choose to see it, cancel it, or mute;
   * `'exempt'` prompts (the waiting state of a URL step already shown) do not count.
   * @internal The adapter's entry point; a caller shares the queue between sessions, never runs it.
   */
  async run<T>(
    server: string,
    signal: AbortSignal,
    show: (waiting: () => number) => Promise<T>,
    skipped: (reason: SkipReason) => T,
    overRate?: OverRateAsk | 'exempt',
  ): Promise<T> {
    if (this.#muted.has(server)) return skipped('muted');
    if (signal.aborted) return skipped('aborted');
    const queuedForServer = this.#entries.filter((e) => e.server === server).length;
    if (queuedForServer >= this.#maxWaiting) return skipped('queue-full');
    if (this.#concurrent) return this.#runAlongside(server, signal, show, skipped, overRate);

    if (!this.active) {
      // Nothing on screen and nobody waiting: show it now (the common case, no bookkeeping).
      this.#busy = true;
      this.#emit(true);
      try {
        const admitted = await this.#admit(server, signal, () => this.#entries.length, overRate);
        return admitted === 'show' ? await show(() => this.#entries.length) : skipped(admitted);
      } finally {
        this.#afterTurn(true);
      }
    }
    const wasActive = this.active;
    const turn = new Promise<boolean>((resolve) => {
      const entry: Entry = { server, start: () => resolve(true) };
      const onAbort = () => {
        const index = this.#entries.indexOf(entry);
        if (index >= 0) {
          this.#entries.splice(index, 1);
          resolve(false);
        }
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#entries.push(entry);
      this.#pump();
    });
    if (!wasActive) this.#emit(true);
    const started = await turn;
    if (!started) {
      this.#afterTurn(false);
      return skipped('aborted');
    }
    try {
      if (this.#muted.has(server)) return skipped('muted');
      const admitted = await this.#admit(server, signal, () => this.#entries.length, overRate);
      return admitted === 'show' ? await show(() => this.#entries.length) : skipped(admitted);
    } finally {
      this.#afterTurn(true);
    }
  }

  // No turns: each prompt opens now, counted while open so human-aware timeouts still pause.
  async #runAlongside<T>(
    server: string,
    signal: AbortSignal,
    show: (waiting: () => number) => Promise<T>,
    skipped: (reason: SkipReason) => T,
    overRate: OverRateAsk | 'exempt' | undefined,
  ): Promise<T> {
    if (this.#open++ === 0) this.#emit(true);
    try {
      const admitted = await this.#admit(server, signal, () => 0, overRate);
      return admitted === 'show' ? await show(() => 0) : skipped(admitted);
    } finally {
      if (--this.#open === 0) this.#emit(false);
    }
  }

  // Counted when a prompt gets its turn: the rate is of prompts put in front of the person.
  async #admit(
    server: string,
    signal: AbortSignal,
    waiting: () => number,
    overRate: OverRateAsk | 'exempt' | undefined,
  ): Promise<'show' | SkipReason> {
    if (overRate === 'exempt' || !this.#limiter || this.#limiter.take(server)) return 'show';
    if (!overRate) return 'rate-limited';
    const choice = await overRate(waiting);
    if (signal.aborted) return 'aborted'; // withdrawn while the person was deciding
    if (choice === 'mute') {
      this.mute(server);
      return 'muted';
    }
    if (choice === 'cancel') return 'rate-limited';
    this.#limiter.refill(server);
    this.#limiter.take(server);
    return 'show';
  }

  #pump(): void {
    if (this.#busy) return;
    const next = this.#entries.shift();
    if (!next) return;
    this.#busy = true;
    next.start();
  }

  #afterTurn(hadTurn: boolean): void {
    if (hadTurn) this.#busy = false;
    this.#pump();
    if (!this.active) this.#emit(false);
  }

  #emit(active: boolean): void {
    for (const listener of this.#activity) listener(active);
  }
}
