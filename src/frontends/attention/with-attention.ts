// Wraps any interactive front-end so that each prompt it shows raises the notices of
// core/attention.ts (the policy), from the moment it is shown until it ends. Scripted front-ends
// are returned as they are: no person, no notice.

import type { Renderer } from '../../contracts/renderer.js';
import type { AttentionKind, AttentionSchedule } from '../../core/attention.js';

/** The same front-end, raising a notice for every prompt it shows and reminders while it waits. */
export function withAttention(renderer: Renderer, schedule: AttentionSchedule): Renderer {
  if (!renderer.interactive || schedule.silent) return renderer;
  const tracked =
    <A extends unknown[], R>(
      kind: AttentionKind,
      label: (...args: A) => string,
      run: (...args: A) => Promise<R>,
    ) =>
    async (...args: A): Promise<R> => {
      // The prompt first; the notice follows once it is drawn (core/attention.ts, firstAfterMs).
      const shown = run(...args);
      const stop = schedule.track(kind, label(...args));
      try {
        return await shown;
      } finally {
        stop();
      }
    };
  const wrapped: Renderer = {
    name: renderer.name,
    interactive: true,
    ...(renderer.opener && { opener: renderer.opener }),
    form: tracked('form', (_prompt, ctx) => ctx.server.label, renderer.form.bind(renderer)),
    ...(renderer.url && {
      url: tracked('url', (_prompt, ctx) => ctx.server.label, renderer.url.bind(renderer)),
    }),
    // The person is in the browser page they opened: the waiting state raises nothing.
    ...(renderer.waitForUrl && { waitForUrl: renderer.waitForUrl.bind(renderer) }),
    ...(renderer.readLine && { readLine: renderer.readLine.bind(renderer) }),
    ...(renderer.overRate && {
      overRate: tracked('over-rate', (_info, ctx) => ctx.server.label, renderer.overRate.bind(renderer)),
    }),
    ...(renderer.notice && { notice: renderer.notice.bind(renderer) }),
    ...(renderer.close && { close: renderer.close.bind(renderer) }),
  };
  return wrapped;
}
