// The clock a device flow polls on: the real one, or a test's, which advances without waiting.
import { ElicitError } from '../contracts/elicit-error.js';
import { sleep } from '../mcp/tasks/task-timing.js';

/** Time as the polling sees it. */
export interface DeviceClock {
  /** Epoch milliseconds. */
  now(): number;
  /** Resolves after `ms`; rejects when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemClock: DeviceClock = { now: () => Date.now(), sleep };

/** Sleeps on `clock`; an abort is a cancelled sign-in. */
export async function abortableSleep(clock: DeviceClock, ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await clock.sleep(ms, signal ?? new AbortController().signal);
  } catch (error) {
    throw new ElicitError('sign-in-failed', 'the sign-in was cancelled', { cause: error });
  }
}
