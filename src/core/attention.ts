// When a person is needed and may not be looking (issue 23): what to say and when. One policy for
// every front-end: a notice when a prompt is shown, then a reminder after each interval while it
// stays unanswered (a few at most), all in our own words: the server's message never appears, and
// its name is the user's label, cleaned and cut short like any other display of it.
import { sanitizeText } from './sanitize.js';

/** What is waiting for the person. */
export type AttentionKind = 'form' | 'url' | 'over-rate';

/** One notification to raise, built from our own words only. */
export interface AttentionEvent {
  /** `waiting` when the prompt is shown; `reminder` after each interval it stays unanswered. */
  readonly reason: 'waiting' | 'reminder';
  /** What waits: a form, a page to open, or the "keeps asking" question. */
  readonly kind: AttentionKind;
  /** The server's label as the user named it, cleaned and cut short. */
  readonly server: string;
  /** A short title ("mcp-elicit: input needed"). */
  readonly title: string;
  /** One line: `server "x" asks for a form`. */
  readonly body: string;
  /** 0 for the first notice, then 1, 2, ... for each reminder. */
  readonly reminder: number;
}

/** How a run announces a waiting prompt: `auto` (the bell and the desktop where available), only one, or none. */
export const NOTIFY_CHOICES = ['auto', 'off', 'bell', 'desktop'] as const;
/** One of `NOTIFY_CHOICES` (`--notify`, the library's `notify`). */
export type NotifyChoice = (typeof NOTIFY_CHOICES)[number];

/** Raises one notification somewhere (a terminal bell, a desktop notice, an embedder's hook). */
export type AttentionSink = (event: AttentionEvent) => void;

/** Timers, injectable for tests (node:test's mock timers work with the defaults too). */
export interface AttentionTimers {
  /** Calls `callback` once after `ms`; returns a handle for `clear`. */
  set(callback: () => void, ms: number): unknown;
  /** Cancels a callback `set` scheduled. */
  clear(handle: unknown): void;
}

/** When reminders come, and the timers they use. */
export interface AttentionOptions {
  /** How long a prompt is on screen before its first notice. Default 250 ms (none for a quick answer). */
  readonly firstAfterMs?: number;
  /** Interval between reminders; `false` for no reminders. Default 3 minutes. */
  readonly remindAfterMs?: number | false;
  /** Reminders per prompt at most. Default 3. */
  readonly maxReminders?: number;
  /** Default: the global setTimeout/clearTimeout. */
  readonly timers?: AttentionTimers;
}

/** The first notice comes once the prompt has been drawn: starting a notifier never delays it. */
export const DEFAULT_FIRST_AFTER_MS = 250;
/** Reminders come every 3 minutes unless told otherwise. */
export const DEFAULT_REMIND_AFTER_MS = 3 * 60_000;
const DEFAULT_MAX_REMINDERS = 3;
const MAX_LABEL = 40;
// setTimeout fires at once past 2^31-1 ms; a longer interval means "not in this run".
const MAX_TIMER_MS = 2 ** 31 - 1;

const WHAT: Record<AttentionKind, string> = {
  form: 'asks you to fill in a form',
  url: 'asks you to open a page',
  'over-rate': 'keeps asking: it is waiting for your decision',
};

/** The words of a notification (see `AttentionEvent`). */
export type AttentionText = Pick<AttentionEvent, 'server' | 'title' | 'body'>;

/** The words of a notification: our own, with the server's label cleaned and cut short. */
export function attentionText(kind: AttentionKind, label: string): AttentionText {
  // Cut before cleaning: a label can be a whole command line or a huge config key.
  const server = sanitizeText(label.slice(0, MAX_LABEL * 4), { maxLength: MAX_LABEL }).replaceAll('"', "'");
  return { server, title: 'mcp-elicit: input needed', body: `Server "${server}" ${WHAT[kind]}` };
}

const defaultTimers: AttentionTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Raises the first notice for each prompt (once it has been drawn) and its reminders, until it ends. */
export class AttentionSchedule {
  readonly #sinks: readonly AttentionSink[];
  readonly #firstAfterMs: number;
  readonly #remindAfterMs: number | false;
  readonly #maxReminders: number;
  readonly #timers: AttentionTimers;

  constructor(sinks: readonly AttentionSink[], options: AttentionOptions = {}) {
    this.#sinks = sinks;
    const remind = options.remindAfterMs ?? DEFAULT_REMIND_AFTER_MS;
    this.#remindAfterMs = remind === false || remind <= 0 || remind > MAX_TIMER_MS ? false : remind;
    this.#maxReminders = options.maxReminders ?? DEFAULT_MAX_REMINDERS;
    this.#firstAfterMs = Math.min(Math.max(0, options.firstAfterMs ?? DEFAULT_FIRST_AFTER_MS), MAX_TIMER_MS);
    this.#timers = options.timers ?? defaultTimers;
  }

  /** True when nothing would ever be raised. */
  get silent(): boolean {
    return this.#sinks.length === 0;
  }

  /** Starts notifying for one prompt now; the returned function stops it (call when it ends). */
  track(kind: AttentionKind, label: string): () => void {
    if (this.silent) return () => {};
    const text = attentionText(kind, label);
    let handle: unknown;
    let stopped = false;
    const raise = (reminder: number) => {
      if (stopped) return;
      this.#emit({ ...text, kind, reason: reminder === 0 ? 'waiting' : 'reminder', reminder });
      if (this.#remindAfterMs !== false && reminder < this.#maxReminders)
        handle = this.#timers.set(() => raise(reminder + 1), this.#remindAfterMs);
    };
    handle = this.#timers.set(() => raise(0), this.#firstAfterMs);
    return () => {
      stopped = true;
      if (handle !== undefined) this.#timers.clear(handle);
    };
  }

  #emit(event: AttentionEvent): void {
    for (const sink of this.#sinks) {
      try {
        sink(event);
      } catch {
        // A failing notifier (a closed terminal, a broken hook) must not end the prompt.
      }
    }
  }
}
