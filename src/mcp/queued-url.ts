// URL consent and the waiting state go through the same prompt queue as forms, so only one
// prompt is ever on screen (E-39).
import type { Renderer, UrlAnswer } from '../contracts/renderer.js';
import type { UrlWaiter } from '../contracts/url-step.js';
import { type PromptQueue, type SkipReason, skippedOutcome } from './prompt-queue.js';
import { overRateAsker } from './rate-limit.js';

export function queuedUrlRenderer(renderer: Renderer, queue: PromptQueue, server: string): Renderer {
  const url = renderer.url?.bind(renderer);
  return {
    name: renderer.name,
    interactive: renderer.interactive,
    form: (prompt, ctx) => renderer.form(prompt, ctx),
    ...(url && {
      url: (prompt, ctx) =>
        queue.run(
          server,
          ctx.signal,
          () => url(prompt, ctx),
          (reason: SkipReason): UrlAnswer => ({ outcome: skippedOutcome(reason, ctx.signal) }),
          overRateAsker(renderer, queue.rate, () => ctx),
        ),
    }),
  };
}

export function queuedWaiter(waiter: UrlWaiter, queue: PromptQueue, server: string): UrlWaiter {
  return {
    wait: (info, signal) =>
      queue.run(
        server,
        signal,
        () => waiter.wait(info, signal),
        () => 'cancel' as const,
        'exempt', // part of a URL step already counted
      ),
  };
}
