// What the adapter reports about a task a tool call became (the CLI's status line and --json
// `tasks` are built from these). Server text in `statusMessage` is untrusted: sanitise to show.
import type { Era } from '../../contracts/protocol.js';

/** A task's status, as both eras report it. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A change of status of a task a tool call became. */
export interface TaskEvent {
  /** The server's configured label. */
  readonly server: string;
  /** The server's id for the task. */
  readonly taskId: string;
  /** The tool the task runs. */
  readonly tool: string;
  /** legacy: 2025-11-25 task utility; modern: 2026-07-28 Tasks extension. */
  readonly era: Era;
  /** The new status. */
  readonly status: TaskStatus;
  /** The server's words about it (untrusted; sanitize before display). */
  readonly statusMessage?: string;
  /** Milliseconds since the task was created (as seen by this client). */
  readonly elapsedMs: number;
}

/** Receives each task status change. */
export type TaskListener = (event: TaskEvent) => void;

/** How a tool call uses tasks: as the tool asks (auto), whenever allowed (prefer), or never. */
export type TaskPreference = 'auto' | 'prefer' | 'never';

export function isTerminal(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** A status message is cut to this many characters: the server's text may be any size. */
export const MAX_STATUS_MESSAGE = 1_000;

/** Emits an event only when status or message changed since the last one. */
export function createTaskReporter(
  base: Pick<TaskEvent, 'server' | 'taskId' | 'tool' | 'era'>,
  listener: TaskListener | undefined,
): (status: TaskStatus, statusMessage: string | undefined) => void {
  const started = Date.now();
  let last: string | undefined;
  let ended = false;
  return (status, fullMessage) => {
    const statusMessage =
      fullMessage !== undefined && fullMessage.length > MAX_STATUS_MESSAGE
        ? `${fullMessage.slice(0, MAX_STATUS_MESSAGE)}…`
        : fullMessage;
    const key = `${status}\u0000${statusMessage ?? ''}`;
    // A poll answered after we cancelled (or after the end) must not bring the task back to life.
    if (key === last || ended) return;
    last = key;
    ended = isTerminal(status);
    listener?.({
      ...base,
      status,
      ...(statusMessage !== undefined && { statusMessage }),
      elapsedMs: Date.now() - started,
    });
  };
}
