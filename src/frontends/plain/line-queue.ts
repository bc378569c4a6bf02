// One line queue per renderer over node:readline. Lines that arrive while no prompt is waiting
// (typed ahead, or a whole pipe read at once) are kept for the next prompt, across forms.
import type { Interface } from 'node:readline';
import { createInterface } from 'node:readline';

export type ReadResult =
  | { readonly kind: 'line'; readonly text: string }
  | { readonly kind: 'eof' }
  | { readonly kind: 'aborted' };

type Waiter = (result: ReadResult) => void;

export class LineQueue {
  readonly #input: NodeJS.ReadableStream;
  #reader: Interface | undefined;
  readonly #lines: string[] = [];
  readonly #waiters: Waiter[] = [];
  #ended = false;

  constructor(input: NodeJS.ReadableStream) {
    this.#input = input;
  }

  /** The next line; `eof` once input ended (or the queue closed), `aborted` when `signal` fires first. */
  read(signal: AbortSignal): Promise<ReadResult> {
    const queued = this.#lines.shift();
    if (queued !== undefined) return Promise.resolve({ kind: 'line', text: queued });
    if (this.#ended) return Promise.resolve({ kind: 'eof' });
    if (signal.aborted) return Promise.resolve({ kind: 'aborted' });
    return new Promise((resolve) => {
      const onAbort = (): void => {
        // Forget this waiter so the next line goes to the next prompt instead of being dropped.
        const index = this.#waiters.indexOf(waiter);
        if (index >= 0) this.#waiters.splice(index, 1);
        this.#idle();
        resolve({ kind: 'aborted' });
      };
      const waiter: Waiter = (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#waiters.push(waiter);
      this.#start().resume();
      asHandle(this.#input)?.ref?.();
    });
  }

  /** Stop reading and let go of the input, so a process whose work is done can exit. */
  close(): void {
    this.#finish();
    this.#reader?.close();
    this.#input.pause();
    asHandle(this.#input)?.unref?.();
  }

  #start(): Interface {
    if (this.#reader) return this.#reader;
    const reader = createInterface({
      input: this.#input,
      terminal: false,
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    reader.on('line', (line) => {
      const waiter = this.#waiters.shift();
      if (waiter) waiter({ kind: 'line', text: line });
      else this.#lines.push(line);
      this.#idle();
    });
    reader.on('close', () => this.#finish());
    this.#reader = reader;
    return reader;
  }

  // Nobody is waiting: stop pulling input and unref it, so stdin does not keep the process alive
  // between prompts. (A paused pipe or TTY still holds an active read handle; only unref frees it.)
  #idle(): void {
    if (this.#waiters.length > 0 || this.#ended) return;
    this.#reader?.pause();
    asHandle(this.#input)?.unref?.();
  }

  #finish(): void {
    this.#ended = true;
    for (const waiter of this.#waiters.splice(0)) waiter({ kind: 'eof' });
  }
}

// process.stdin is a net.Socket or tty.ReadStream with ref()/unref(); other streams have neither.
function asHandle(input: NodeJS.ReadableStream): { ref?: () => void; unref?: () => void } | undefined {
  return input as { ref?: () => void; unref?: () => void };
}
