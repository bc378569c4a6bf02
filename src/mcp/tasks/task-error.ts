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
  | 'missing-capability'
  /** The task outlived its ttl or the client's task timeout (--task-timeout / taskTimeoutMs). */
  | 'timed-out'
  /** The server sent a task (or a task's result) that does not fit the protocol's schema. */
  | 'invalid-response'
  /** The server asked for more inputs over the task's life than the client will keep track of. */
  | 'too-many-inputs';

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

/** A schema failure as one readable line: where, and what was wrong (never the raw issue dump). */
export function invalidTask(what: string, error: unknown, taskId?: string): TaskError {
  return new TaskError('invalid-response', `the server sent an invalid ${what}: ${describeIssues(error)}`, {
    ...(taskId !== undefined && { taskId }),
    cause: error,
  });
}

interface Issue {
  readonly path?: readonly PropertyKey[];
  readonly message?: string;
  /** zod's invalid_union: the issues of each branch. */
  readonly errors?: readonly (readonly Issue[])[];
}

/** A union failure reads as its closest branch (fewest issues; the first on a tie), paths joined. */
function flatten(issue: Issue): Issue[] {
  const branches = issue.errors;
  if (!Array.isArray(branches) || branches.length === 0) return [issue];
  const closest = branches.reduce((best, branch) => (branch.length < best.length ? branch : best));
  return closest.flatMap((inner: Issue) =>
    flatten({ ...inner, path: [...(issue.path ?? []), ...(inner.path ?? [])] }),
  );
}

/** The first few issues of a zod (or Standard Schema) failure, `path: message`, on one line. */
export function describeIssues(error: unknown): string {
  const issues = (error as { issues?: readonly Issue[] } | undefined)?.issues;
  const text = Array.isArray(issues)
    ? issues
        .flatMap(flatten)
        .slice(0, 3)
        .map((issue: Issue) => {
          const path = (issue.path ?? []).map(String).join('.');
          return `${path === '' ? '' : `${path}: `}${issue.message ?? 'invalid'}`;
        })
        .join('; ')
    : error instanceof Error
      ? error.message
      : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 300);
}

/** -32021 (2026-07-28): the server needs a capability the request did not declare. */
export const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
