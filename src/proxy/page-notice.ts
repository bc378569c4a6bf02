// While the proxy's own page waits for a person, the host is told where (issue 35 item 7): a
// `notifications/message` naming the page's address, for a host that shows server logs where the
// person looks (Codex's terminal UI shows only "Working (18s)" otherwise).
import { sanitizeText } from '../core/sanitize.js';
import type { Call } from './call-ledger.js';
import type { HostServer } from './forward-tasks.js';

// Lowest to highest, as `LoggingLevel` orders them (RFC 5424 severities).
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const LEVEL = 'notice';
const LOGGER = 'mcp-elicit';

/** The proxy's own page: its launch page's address once written; one per face, shared by its host sessions. */
export class PageAddress {
  #url: string | undefined;
  readonly #waiting = new Set<(url: string) => void>();

  /** The browser front-end wrote its launch page (`file://`, readable by this account only). */
  set(url: string): void {
    this.#url = url;
    for (const listener of [...this.#waiting]) listener(url);
  }

  /** Calls `listener` once: now if the address is known, else when it is written. Returns the stop. */
  whenKnown(listener: (url: string) => void): () => void {
    if (this.#url !== undefined) {
      listener(this.#url);
      return () => {};
    }
    const once = (url: string) => {
      this.#waiting.delete(once);
      listener(url);
    };
    this.#waiting.add(once);
    return () => this.#waiting.delete(once);
  }
}

/**
 * Tells the host of one prompt on the page, once, where logging allows it: the host's session
 * offers `logging` (the upstream's) and its `logging/setLevel` asked for `notice` or lower (none
 * asked: every level, as for any 2025-11-25 server). `host` gives undefined for a 2026-07-28 host,
 * whose level travels per request (`_meta` `io.modelcontextprotocol/logLevel`, deprecated).
 */
export function tellHostOfPage(
  address: PageAddress,
  host: () => HostServer | undefined,
  label: string,
): () => void {
  return address.whenKnown((url) => {
    const server = host();
    if (!server?.logging || !allows(server.logLevel)) return;
    const params = { level: LEVEL, logger: LOGGER, data: noticeText(label, url) };
    void server.notification({ method: 'notifications/message', params }).catch(() => {});
  });
}

/**
 * A 2026-07-28 host has no session to log on: each call that may have asked the question is told
 * on the host request open on it (its round), where the request's own `_meta` log level allows
 * (`sendOnRequest`; H-43). Returns the stop.
 */
export function tellCallsOfPage(address: PageAddress, calls: Iterable<Call>, label: string): () => void {
  const withdrawals: (() => void)[] = [];
  const stop = address.whenKnown((url) => {
    for (const call of calls) withdrawals.push(call.notice(noticeText(label, url)));
  });
  return () => {
    stop();
    for (const withdraw of withdrawals) withdraw();
  };
}

/** Sends one notice on a 2026 host's request: the SDK sends it only if the request's `_meta` log level allows. */
export function logOnRequest(
  log: ((level: 'notice', data: string, logger: string) => Promise<void>) | undefined,
) {
  return (data: string) => void log?.(LEVEL, data, LOGGER).catch(() => {});
}

function noticeText(label: string, url: string): string {
  return `${sanitizeText(label, { maxLength: 80 })} asks a question that a person must answer on mcp-elicit's page: ${url}`;
}

function allows(threshold: string | undefined): boolean {
  return threshold === undefined || LEVELS.indexOf(LEVEL) >= LEVELS.indexOf(threshold);
}
