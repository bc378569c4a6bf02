// Time bounds shared by both eras, written once: the poll pacing (the server's interval, kept within
// sane bounds so a server cannot make us spin at 0 ms or go silent for hours) and the task's
// deadline (its ttl, or the client's own limit when that comes first or there is no ttl).
import { TaskError } from './task-error.js';

export const DEFAULT_POLL_MS = 1_000;
/** One floor for both eras: a server asking for 0 ms gets ten polls a second, not a busy loop. */
export const MIN_POLL_MS = 100;
export const MAX_POLL_MS = 30_000;
/** A task without a ttl (or with a longer one) ends after this unless told otherwise (--task-timeout). */
export const DEFAULT_TASK_TIMEOUT_MS = 60 * 60_000;
/** setTimeout fires at once for a delay above 2^31 - 1 ms: every timer here is clamped to it. */
const MAX_TIMER_MS = 2_147_483_647;

/** The pause before the next poll; the interval was validated as a number (or absent) already. */
export function pollDelay(suggested: number | null | undefined): number {
  if (typeof suggested !== 'number' || !Number.isFinite(suggested)) return DEFAULT_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, suggested));
}

export interface TaskDeadline {
  /** Aborts with the caller's reason, or with a `timed-out` TaskError once the deadline passes. */
  readonly signal: AbortSignal;
  /** True once the deadline (not the caller) ended the task. */
  readonly expired: () => boolean;
  readonly dispose: () => void;
}

/**
 * Bounds a task from its creation: by its ttl (the server keeps it no longer) and by the client's
 * own limit, whichever is sooner. `ttlMs` null or absent: no ttl (2025-11-25 allows unlimited).
 */
export function taskDeadline(
  taskId: string,
  ttlMs: number | null | undefined,
  timeoutMs: number,
  outer: AbortSignal,
): TaskDeadline {
  const controller = new AbortController();
  const hasTtl = typeof ttlMs === 'number' && Number.isFinite(ttlMs) && ttlMs >= 0;
  const byTtl = hasTtl && ttlMs <= timeoutMs;
  const limit = byTtl ? ttlMs : timeoutMs;
  let expired = false;
  const timer = setTimeout(
    () => {
      expired = true;
      const why = byTtl
        ? `its ttl of ${formatDuration(limit)} (the server keeps it no longer)`
        : `${formatDuration(limit)} (the client's task timeout, --task-timeout)`;
      controller.abort(new TaskError('timed-out', `task ${taskId} did not finish within ${why}`, { taskId }));
    },
    Math.min(MAX_TIMER_MS, Math.max(0, limit)),
  );
  const onOuter = () => controller.abort(outer.reason);
  if (outer.aborted) onOuter();
  else outer.addEventListener('abort', onOuter, { once: true });
  return {
    signal: controller.signal,
    expired: () => expired,
    dispose: () => {
      clearTimeout(timer);
      outer.removeEventListener('abort', onOuter);
    },
  };
}

/** "1.5 s", "6 s", "30 min", "2 h": for one-line messages. */
export function formatDuration(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${Math.round(ms / 100) / 10} s`;
}

// Task polling pauses with the adapter's one abortable sleep.
export { sleep } from '../sleep.js';
