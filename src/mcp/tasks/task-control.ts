// A caller's hold on a 2026-07-28 Tasks-extension task (SEP-2663): see each input request before it
// is answered (to park it with no process left: the task waits on the server, answerable by its
// id from any connection), or pick up a task created earlier instead of calling the tool again.

/** A task created earlier (maybe by another process), picked up by its id. */
export interface TaskResume {
  readonly taskId: string;
  /** Input keys already answered (keys are unique over a task's life): never asked again. */
  readonly answered: readonly string[];
  /** The task as the server created it: its ttl bounds the run as before. */
  readonly createdAt: string;
  readonly ttlMs: number | null;
}

/** One input request of a running task, about to be answered. */
export interface TaskInput extends TaskResume {
  /** The server's inputRequests key. */
  readonly key: string;
  /** The `elicitation/create` entry, as the server sent it. */
  readonly request: unknown;
}

export interface TaskControl {
  /** Pick up this task instead of sending tools/call. */
  readonly resume?: TaskResume;
  /**
   * Sees each new input request; resolves with the answer to send (`answer` runs the session's
   * elicitation path under the given signal). A rejection ends the call with that error and
   * leaves the task as it is on the server: no tasks/cancel, no tasks/update.
   */
  readonly onInput?: (
    input: TaskInput,
    answer: (signal: AbortSignal) => Promise<unknown>,
  ) => Promise<{ readonly response: unknown }>;
}
