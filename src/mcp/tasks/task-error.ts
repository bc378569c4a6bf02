// The error a task-backed tool call ends with when the task itself did not complete: an
// ElicitError (one local error model) that also keeps the task's id and the JSON-RPC code.
import { ElicitError } from '../../contracts/elicit-error.js';

/** Why a task-backed tool call did not complete (a subset of `ElicitErrorCode`). */
export type TaskErrorCode =
  /** The server reported the task failed (its message or JSON-RPC error is kept). */
  | 'failed'
  /** The task was cancelled (by us on Ctrl-C / abort, or by the server). */
  | 'cancelled'
  /** The server no longer knows the task (its ttl ran out) or answered a poll with an error. */
  | 'expired'
  /** The tool requires a task but this connection cannot run one (--no-task, or no server support). */
  | 'unsupported'
  /** -32021: the server needs a client capability (extension) this client did not declare. */
  | 'missing-capability';

/** The `ElicitError` a task-backed tool call ends with when the task itself did not complete. */
export class TaskError extends ElicitError<TaskErrorCode> {
  /** The task's id, once the server created one. */
  readonly taskId: string | undefined;
  /** The JSON-RPC error code behind it, when there was one. */
  readonly rpcCode: number | undefined;

  constructor(
    code: TaskErrorCode,
    message: string,
    options: { taskId?: string; rpcCode?: number; cause?: unknown } = {},
  ) {
    super(code, message, { cause: options.cause });
    this.name = 'TaskError';
    this.taskId = options.taskId;
    this.rpcCode = options.rpcCode;
  }
}

/** A task request was refused (`-32602` for an unknown taskId on both eras): the task is gone. */
export function taskExpired(taskId: string, rpcCode: number, cause: Error): TaskError {
  return new TaskError('expired', `the server no longer knows task ${taskId} (expired?): ${cause.message}`, {
    taskId,
    rpcCode,
    cause,
  });
}

/** -32021 (2026-07-28): the server needs a capability the request did not declare. */
export const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
