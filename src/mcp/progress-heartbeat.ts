// While a person answers a 2025-era elicitation/create that carried a progress token, tell the
// server we are still working on it, so servers that reset their timeout on progress keep
// waiting (X-05, X-06: `progress` strictly increases, stops when the request completes).
import type { ClientContext, ProgressToken } from '@modelcontextprotocol/client';

export const DEFAULT_PROGRESS_INTERVAL_MS = 10_000;

export function startProgressHeartbeat(
  ctx: ClientContext,
  token: ProgressToken | undefined,
  intervalMs: number,
): () => void {
  if (token === undefined || intervalMs <= 0) return () => {};
  let progress = 0;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || ctx.mcpReq.signal.aborted) return;
    progress += 1;
    ctx.mcpReq
      .notify({
        method: 'notifications/progress',
        params: { progressToken: token, progress, message: 'Waiting for the user to answer' },
      })
      .catch(() => {
        // A closed connection ends the request anyway; nothing to report here.
      });
  }, intervalMs);
  timer.unref?.();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
