// Limits over time per server (spec C-21): a token bucket per server label. A server may show
// `burst` prompts at once, then `perMinute` a minute, so one that re-asks the moment it is answered
// (declines, cancels and asks again in a loop) is slowed instead of owning the screen.
import { ElicitError } from '../contracts/elicit-error.js';
import type { OverRateChoice } from '../contracts/over-rate.js';
import type { PromptContext, Renderer } from '../contracts/renderer.js';

/** A per-server rate of prompts (token bucket): `burst` at once, then `perMinute` a minute. */
export interface RateLimit {
  /** Prompts a server may show in quick succession. */
  readonly burst: number;
  /** Prompts a minute it earns back after the burst. */
  readonly perMinute: number;
}

/** Ten prompts in a row (a long wizard), then one every six seconds. */
export const DEFAULT_RATE_LIMIT: RateLimit = { burst: 10, perMinute: 10 };

/** What the person chose when told "this server keeps asking". */
export type RateLimitChoice = OverRateChoice;

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  readonly #limit: RateLimit;
  readonly #now: () => number;
  readonly #buckets = new Map<string, Bucket>();

  constructor(limit: RateLimit, now: () => number = Date.now) {
    if (!(limit.burst >= 1) || !(limit.perMinute > 0))
      throw new ElicitError('invalid-options', 'RateLimit: burst must be at least 1 and perMinute above 0');
    this.#limit = limit;
    this.#now = now;
  }

  get limit(): RateLimit {
    return this.#limit;
  }

  /** Takes one prompt from the server's bucket; false when the server is over its rate. */
  take(server: string): boolean {
    const now = this.#now();
    const { burst, perMinute } = this.#limit;
    const bucket = this.#buckets.get(server) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) * perMinute) / 60_000);
    bucket.at = now;
    this.#buckets.set(server, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** The person let the server go on: it gets a fresh burst (and is asked again only after it). */
  refill(server: string): void {
    this.#buckets.delete(server);
  }
}

/** The renderer's "keeps asking" question bound to a prompt's context; none for scripts. */
export function overRateAsker(
  renderer: Renderer,
  limit: RateLimit | undefined,
  context: (waiting: () => number) => PromptContext,
): ((waiting: () => number) => Promise<RateLimitChoice>) | undefined {
  const ask = renderer.overRate?.bind(renderer);
  if (!ask || !limit) return undefined;
  return (waiting) => ask(limit, context(waiting));
}
