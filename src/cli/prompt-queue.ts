// The CLI's one prompt queue, with the rate `--rate-limit` sets: shared by every command that
// answers elicitations (call, prompt, read, tools and the proxy).
import { PromptQueue } from '../mcp/prompt-queue.js';
import { DEFAULT_RATE_LIMIT, type RateLimit } from '../mcp/rate-limit.js';
import type { CliArgs } from './args.js';

/** `--rate-limit N`: N prompts at once, then N a minute, per server; `off` turns it off. */
export function cliPromptQueue(args: Pick<CliArgs, 'rateLimit'>, parked = false): PromptQueue {
  // Parked questions wait side by side (any number, answered in any order): no turns to take.
  return new PromptQueue({ rate: rateOf(args.rateLimit), concurrent: parked });
}

function rateOf(limit: CliArgs['rateLimit']): RateLimit | false {
  if (limit === false) return false;
  if (limit === undefined) return DEFAULT_RATE_LIMIT;
  return { burst: limit, perMinute: limit };
}
