// What a server says while a request runs: progress and log messages. On a TTY a live line on
// stderr (cleared while a form is on screen); otherwise plain lines with -v; always recorded for --json.
import { sanitizeText } from '../core/sanitize.js';
import { atLeast, type LogLevel } from './log-level.js';

export interface ActivityRecord {
  readonly kind: 'progress' | 'log';
  readonly progress?: number;
  readonly total?: number;
  readonly level?: string;
  readonly logger?: string;
  readonly message?: string;
}

export interface ActivityOptions {
  readonly write: (text: string) => void;
  /** stderr is a terminal: progress is one line redrawn in place. */
  readonly live: boolean;
  /** Without a terminal, print progress and log lines only when verbose. */
  readonly verbose: boolean;
  readonly logLevel: LogLevel;
  readonly columns?: number;
}

const MAX_RECORDS = 1000;
const BAR_WIDTH = 20;

export class Activity {
  readonly records: ActivityRecord[] = [];
  readonly #options: ActivityOptions;
  #line = '';
  #paused = false;

  constructor(options: ActivityOptions) {
    this.#options = options;
  }

  progress(update: { progress: number; total?: number | undefined; message?: string | undefined }): void {
    const message =
      update.message === undefined ? undefined : sanitizeText(update.message, { maxLength: 200 });
    this.#record({
      kind: 'progress',
      progress: update.progress,
      ...(update.total !== undefined && { total: update.total }),
      ...(message !== undefined && { message }),
    });
    const text = formatProgress(update.progress, update.total, message);
    if (this.#options.live) this.#draw(text);
    else if (this.#options.verbose) this.#options.write(`${text}\n`);
  }

  log(params: { level: string; logger?: string; data?: unknown }): void {
    if (!atLeast(params.level, this.#options.logLevel)) return;
    const raw = typeof params.data === 'string' ? params.data : JSON.stringify(params.data ?? null);
    const message = sanitizeText(raw ?? '', { maxLength: 500 });
    const logger = params.logger === undefined ? undefined : sanitizeText(params.logger, { maxLength: 60 });
    const level = sanitizeText(params.level, { maxLength: 20 });
    this.#record({ kind: 'log', level, ...(logger !== undefined && { logger }), message });
    if (!this.#options.live && !this.#options.verbose) return;
    const line = `[${level}]${logger === undefined ? '' : ` ${logger}:`} ${message}`;
    this.#above(line);
  }

  /** A form takes the screen: clear the live line until it is done. */
  pause(paused: boolean): void {
    if (paused === this.#paused) return;
    if (paused) this.#clear();
    this.#paused = paused;
    if (!paused && this.#line !== '') this.#options.write(this.#line);
  }

  /** Removes the live line for good (before the result is printed). */
  end(): void {
    this.#clear();
    this.#line = '';
  }

  #record(record: ActivityRecord): void {
    if (this.records.length < MAX_RECORDS) this.records.push(record);
  }

  #draw(text: string): void {
    const width = Math.max(20, (this.#options.columns ?? 80) - 1);
    const shown = [...text].length > width ? `${[...text].slice(0, width - 1).join('')}…` : text;
    this.#line = `\r\x1b[2K${shown}`;
    if (!this.#paused) this.#options.write(this.#line);
  }

  #above(line: string): void {
    if (this.#paused) {
      this.#options.write(`${line}\n`);
      return;
    }
    this.#clear();
    this.#options.write(`${line}\n`);
    if (this.#line !== '') this.#options.write(this.#line);
  }

  #clear(): void {
    if (this.#options.live && this.#line !== '' && !this.#paused) this.#options.write('\r\x1b[2K');
  }
}

export function formatProgress(
  progress: number,
  total: number | undefined,
  message: string | undefined,
): string {
  const count = total === undefined ? `${progress}` : `${progress}/${total}`;
  const bar =
    total !== undefined && total > 0
      ? ` [${'#'.repeat(Math.round(Math.min(1, Math.max(0, progress / total)) * BAR_WIDTH)).padEnd(BAR_WIDTH, '.')}]`
      : '';
  return `progress ${count}${bar}${message === undefined || message === '' ? '' : ` ${message}`}`;
}
