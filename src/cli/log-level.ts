// MCP logging levels (RFC 5424 severities, as `logging/setLevel` takes them), least severe first.
import { ElicitError } from '../contracts/elicit-error.js';

export const LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function parseLogLevel(text: string): LogLevel {
  if ((LOG_LEVELS as readonly string[]).includes(text)) return text as LogLevel;
  throw new ElicitError('usage', `--log-level must be one of ${LOG_LEVELS.join(', ')} (got "${text}")`);
}

/** Whether a message at `level` is shown when `threshold` was asked for (unknown levels are shown). */
export function atLeast(level: string, threshold: LogLevel): boolean {
  const index = (LOG_LEVELS as readonly string[]).indexOf(level);
  return index < 0 || index >= LOG_LEVELS.indexOf(threshold);
}
