// Runs one screen on the terminal until it ends: raw keys in, full frames out, on the alternate
// screen. Ctrl-C here is a key, not a signal, so it is turned back into the person's interrupt.
import { emitKeypressEvents, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Frame, Size } from './frame.js';
import { isInterruptKey, type KeyPress, toKeyPress } from './keys.js';

export interface Screen<E> {
  handleKey(key: KeyPress): E | undefined;
  frame(size: Size): Frame;
  note(text: string): void;
}

export type RunResult<E> =
  | { readonly kind: 'ended'; readonly end: E }
  | { readonly kind: 'server-cancelled' }
  | { readonly kind: 'interrupted' }
  | { readonly kind: 'input-closed' };

export type TtyInput = Readable & {
  isTTY?: boolean;
  isRaw?: boolean;
  setRawMode?: (raw: boolean) => unknown;
};
export type TtyOutput = Writable & { columns?: number; rows?: number };

/** The open screen, for notices and for closing the front-end. */
export interface ActiveScreen {
  note(text: string): void;
  stop(): void;
}

export interface ScreenHost {
  readonly input: TtyInput;
  readonly output: TtyOutput;
  /** Aborted when the person interrupts the run some other way (a SIGINT while no key is read). */
  readonly interrupt: AbortSignal | undefined;
  /** Called on Ctrl-C: the raw terminal swallowed the person's SIGINT, so it is handed on. */
  readonly onInterrupt: () => void;
  paint(frame: Frame): void;
  size(): Size;
  setActive(active: ActiveScreen | undefined): void;
}

const ESC = '\u001b';

export function runScreen<E>(
  host: ScreenHost,
  screen: Screen<E>,
  signal: AbortSignal,
): Promise<RunResult<E>> {
  if (host.interrupt?.aborted) return Promise.resolve({ kind: 'interrupted' });
  if (signal.aborted) return Promise.resolve({ kind: 'server-cancelled' });
  const { input, output } = host;
  return new Promise((resolve) => {
    const render = () => host.paint(screen.frame(host.size()));
    const onKey = (str: string | undefined, key: Parameters<typeof toKeyPress>[1]) => {
      const press = toKeyPress(str, key);
      if (isInterruptKey(press)) {
        finish({ kind: 'interrupted' });
        host.onInterrupt();
        return;
      }
      const end = screen.handleKey(press);
      if (end !== undefined) finish({ kind: 'ended', end });
      else render();
    };
    const onResize = () => {
      output.write(`${ESC}[2J`);
      render();
    };
    const onAbort = () => finish({ kind: 'server-cancelled' });
    const onInterrupt = () => finish({ kind: 'interrupted' });
    const onEnd = () => finish({ kind: 'input-closed' });
    const wasRaw = input.isRaw === true;
    let done = false;
    const finish = (result: RunResult<E>) => {
      if (done) return;
      done = true;
      input.off('keypress', onKey);
      input.off('end', onEnd);
      output.off('resize', onResize);
      signal.removeEventListener('abort', onAbort);
      host.interrupt?.removeEventListener('abort', onInterrupt);
      if (input.isTTY && input.setRawMode) input.setRawMode(wasRaw);
      input.pause();
      // Leave the alternate screen: the person's scrollback is as it was, plus one summary line.
      output.write(`${ESC}[?2004l${ESC}[?25h${ESC}[?1049l`);
      host.setActive(undefined);
      resolve(result);
    };
    host.setActive({
      note: (text) => {
        screen.note(text);
        render();
      },
      stop: () => finish({ kind: 'input-closed' }),
    });
    // The interface argument only carries the escape timeout: a lone Esc counts after 50 ms.
    emitKeypressEvents(input, { escapeCodeTimeout: 50 } as unknown as Interface);
    if (input.isTTY && input.setRawMode) input.setRawMode(true);
    input.on('keypress', onKey);
    input.once('end', onEnd);
    output.on('resize', onResize);
    signal.addEventListener('abort', onAbort, { once: true });
    host.interrupt?.addEventListener('abort', onInterrupt, { once: true });
    input.resume();
    output.write(`${ESC}[?1049h${ESC}[?2004h${ESC}[2J`);
    render();
  });
}
