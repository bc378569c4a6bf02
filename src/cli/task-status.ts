// Shows what a task-backed tool call is doing. On a terminal: one status line on stderr, redrawn
// every second ("working… (12 s) — Gathering sources…", "waiting for your answer"), hidden while a
// prompt is on screen. Elsewhere: one line per status change. --json records the history.
import type { Era } from '../contracts/protocol.js';
import { sanitizeText } from '../core/sanitize.js';
import type { PromptQueue } from '../mcp/prompt-queue.js';
import type { TaskEvent, TaskStatus } from '../mcp/tasks/task-events.js';

export interface TaskRecord {
  readonly taskId: string;
  readonly tool: string;
  readonly era: Era;
  status: TaskStatus;
  readonly history: { status: TaskStatus; statusMessage?: string; elapsedMs: number }[];
}

export interface TaskStatusView {
  readonly onTask: (event: TaskEvent) => void;
  close(): void;
}

const CLEAR_LINE = '\r\u001b[2K';
/** Status changes kept per task in --json (the first and the most recent ones). */
const MAX_HISTORY = 200;

export function createTaskStatus(
  stderr: NodeJS.WriteStream,
  queue: PromptQueue,
  records: TaskRecord[],
): TaskStatusView {
  const tty = stderr.isTTY === true;
  let current: { event: TaskEvent; seenAt: number } | undefined;
  let shown = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const clear = () => {
    if (shown) stderr.write(CLEAR_LINE);
    shown = false;
  };
  const draw = () => {
    if (!current || queue.active) return;
    const { event, seenAt } = current;
    const seconds = Math.round((event.elapsedMs + Date.now() - seenAt) / 1000);
    const what = event.status === 'input_required' ? 'waiting for your answer' : 'working…';
    const width = Math.max(20, (stderr.columns ?? 80) - 1);
    const message = event.statusMessage ? ` — ${sanitizeText(event.statusMessage)}` : '';
    const line = sanitizeText(`${what} (${seconds} s)${message}`, { maxLength: width });
    stderr.write(`${CLEAR_LINE}${line}`);
    shown = true;
  };
  const stopTimer = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const stopListening = queue.onActivity((active) => (active ? clear() : draw()));

  const onTask = (event: TaskEvent) => {
    let record = records.find((r) => r.taskId === event.taskId);
    if (!record) {
      record = { taskId: event.taskId, tool: event.tool, era: event.era, status: event.status, history: [] };
      records.push(record);
    }
    const previous = record.status;
    record.status = event.status;
    // Bounded: a long task that changes its message every second must not grow the report without end.
    if (record.history.length >= MAX_HISTORY) record.history.splice(1, 1);
    record.history.push({
      status: event.status,
      ...(event.statusMessage !== undefined && { statusMessage: event.statusMessage }),
      elapsedMs: event.elapsedMs,
    });
    const terminal =
      event.status === 'completed' || event.status === 'failed' || event.status === 'cancelled';
    if (!tty) {
      if (record.history.length === 1 || previous !== event.status)
        stderr.write(`task ${sanitizeText(event.taskId, { maxLength: 40 })}: ${event.status}\n`);
      return;
    }
    current = terminal ? undefined : { event, seenAt: Date.now() };
    if (terminal) {
      stopTimer();
      clear();
      return;
    }
    draw();
    // Unref'd: the line must never keep the process alive.
    timer ??= setInterval(draw, 1000);
    timer.unref?.();
  };

  return {
    onTask,
    close() {
      stopTimer();
      stopListening();
      clear();
    },
  };
}
