// The message for a request that failed. A timeout right after a URL step a person consented to
// says what was waited for: the server was still waiting for that page to be completed.
import { sanitizeText } from '../core/sanitize.js';
import type { ElicitationEvent } from '../mcp/events.js';

/** The SDK's code for a request that ran out of time (SdkErrorCode.RequestTimeout). */
const REQUEST_TIMEOUT = 'REQUEST_TIMEOUT';

export function requestFailureMessage(error: unknown, events: readonly ElicitationEvent[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const timeoutMs =
    (error as { code?: unknown; data?: { timeout?: unknown } }).code === REQUEST_TIMEOUT
      ? (error as { data?: { timeout?: unknown } }).data?.timeout
      : undefined;
  const last = events.at(-1);
  if (typeof timeoutMs !== 'number' || last?.mode !== 'url' || last.action !== 'accept') return message;
  const where = sanitizeText(last.host ?? last.site ?? 'its page', { maxLength: 100 });
  const asked = sanitizeText(last.message, { maxLength: 80 });
  return `Request timed out after ${timeoutMs} ms: the URL step at ${where} ("${asked}") was not completed in time (its page was opened; time spent answering elicitations not counted; --timeout <seconds> allows longer)`;
}
