// A caller's hold on a 2026-07-28 Tasks-extension task (SEP-2663): see each input request before it
// is answered (to park it with no process left: the task waits on the server, answerable by its
// id from any connection), or pick up a task created earlier instead of calling the tool again.

/** A task created earlier (maybe by another process), picked up by its id. */
export interface TaskResume {
  /** The task's id, as the server created it. */
  readonly taskId: string;
  /** Input keys already answered (keys are unique over a task's life): never asked again. */
  readonly answered: readonly string[];
  /** When the server created the task (ISO 8601): its ttl counts from here. */
  readonly createdAt: string;
  /** The task's ttl as created, in ms; null: the server keeps it without limit. */
  readonly ttlMs: number | null;
}

/** One input request of a running task, about to be answered. */
export interface TaskInput extends TaskResume {
  /** The server's inputRequests key. */
  readonly key: string;
  /** The `elicitation/create` entry, as the server sent it. */
  readonly request: unknown;
}

/** What `TaskControl.onInput` resolves with: the answer to send for that key with tasks/update. */
export interface TaskInputAnswer {
  /** An `ElicitResult`, sent as is under the input's key. */
  readonly response: unknown;
}

/** Lets a caller hold a task's inputs (parking them elsewhere) or pick up a task by its id. */
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
  ) => Promise<TaskInputAnswer>;
}
