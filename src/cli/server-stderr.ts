// A stdio server's stderr is server text like any other (house style 7): shown line by line, each
// line sanitised and prefixed with the server's label, long lines cut and the total bounded, with
// a note of what was left out. Live with --verbose; otherwise the last lines when connecting fails
// or the server goes away during a request.
import { sanitizeText } from '../core/sanitize.js';

export interface ServerStderrOptions {
  readonly label: string;
  readonly write: (text: string) => void;
  /** Show lines as they arrive (--verbose); otherwise keep only the last ones for showTail(). */
  readonly live: boolean;
  /** Code points kept of one line (default 500). */
  readonly maxLineLength?: number;
  /** Code points shown live in all (default 64 Ki). */
  readonly maxTotal?: number;
  /** Lines kept for showTail() (default 20). */
  readonly tailLines?: number;
}

export class ServerStderr {
  readonly #prefix: string;
  readonly #write: (text: string) => void;
  readonly #live: boolean;
  readonly #maxLine: number;
  readonly #maxTotal: number;
  readonly #tailLines: number;
  #pending = '';
  /** Characters of the current raw line dropped because it was already too long. */
  #overflow = 0;
  #shown = 0;
  #capped = false;
  #hiddenLines = 0;
  #hiddenChars = 0;
  readonly #tail: string[] = [];
  #tailDropped = 0;

  constructor(options: ServerStderrOptions) {
    this.#prefix = `[${sanitizeText(options.label, { maxLength: 40 })}] `;
    this.#write = options.write;
    this.#live = options.live;
    this.#maxLine = options.maxLineLength ?? 500;
    this.#maxTotal = options.maxTotal ?? 64 * 1024;
    this.#tailLines = options.tailLines ?? 20;
  }

  /** Decoded text from the server's stderr, in any chunking. */
  push(chunk: string): void {
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
      this.#append(chunk.slice(start, nl));
      this.#line();
      start = nl + 1;
    }
    this.#append(chunk.slice(start));
  }

  /** Shows the kept last lines (when not live), e.g. after the connection failed. */
  showTail(): void {
    this.#flushPending();
    if (this.#live || this.#tail.length === 0) return;
    if (this.#tailDropped > 0)
      this.#write(`${this.#prefix}(${this.#tailDropped} earlier stderr lines not shown)\n`);
    for (const line of this.#tail) this.#write(`${this.#prefix}${line}\n`);
    this.#tail.length = 0;
  }

  /** At the end of a live session: the last partial line and a note of what the bound left out. */
  end(): void {
    this.#flushPending();
    if (this.#live && this.#hiddenLines > 0)
      this.#write(
        `${this.#prefix}(${this.#hiddenLines} more stderr lines, ${this.#hiddenChars} characters, not shown)\n`,
      );
    this.#hiddenLines = 0;
    this.#hiddenChars = 0;
  }

  #append(text: string): void {
    // The raw line is bounded before sanitising; room is left for escape codes the sanitiser removes.
    const room = this.#maxLine * 4 - this.#pending.length;
    if (text.length <= room) {
      this.#pending += text;
    } else {
      this.#pending += text.slice(0, Math.max(0, room));
      this.#overflow += text.length - Math.max(0, room);
    }
  }

  #flushPending(): void {
    if (this.#pending !== '' || this.#overflow > 0) this.#line();
  }

  #line(): void {
    const raw = this.#pending;
    const overflow = this.#overflow;
    this.#pending = '';
    this.#overflow = 0;
    let text = sanitizeText(raw).trimEnd();
    const points = [...text];
    const cut = Math.max(0, points.length - this.#maxLine) + overflow;
    if (points.length > this.#maxLine) text = points.slice(0, this.#maxLine).join('');
    if (cut > 0) text += ` … (${cut} more characters cut)`;
    if (text.trim() === '') return;
    if (this.#live) this.#show(text);
    else {
      this.#tail.push(text);
      if (this.#tail.length > this.#tailLines) {
        this.#tail.shift();
        this.#tailDropped += 1;
      }
    }
  }

  #show(text: string): void {
    if (this.#shown + text.length > this.#maxTotal) {
      if (!this.#capped)
        this.#write(`${this.#prefix}(stderr beyond ${this.#maxTotal} characters is not shown)\n`);
      this.#capped = true;
      this.#hiddenLines += 1;
      this.#hiddenChars += text.length;
      return;
    }
    this.#shown += text.length;
    this.#write(`${this.#prefix}${text}\n`);
  }
}
