// Reading one pasted line in the terminal (a sign-in's final address), on the normal screen: the
// address to open is printed whole on a line of its own, so the terminal wraps it softly and it
// copies in one piece. Keys are read raw; what is pasted is never drawn (it holds an authorization
// code), only how many characters came. Enter sends, Ctrl-U clears, Esc or Ctrl-D stops, Ctrl-C
// interrupts.
import { emitKeypressEvents, type Interface } from 'node:readline';
import type { LineAnswer, LinePrompt } from '../../contracts/renderer.js';
import { sanitizeText } from '../../core/sanitize.js';
import { isDismissKey, isInterruptKey, type KeyPress, toKeyPress } from './keys.js';
import type { TtyInput, TtyOutput } from './screen-run.js';
import { type Line, paint, seg } from './style.js';

export interface LineReadHost {
  readonly input: TtyInput;
  readonly output: TtyOutput;
  readonly interrupt: AbortSignal | undefined;
  readonly onInterrupt: () => void;
  readonly color: boolean;
}

const ESC = '\u001b';
const MAX_LINE = 16_384;

/** Asks for one line: resolves with it, or with why there is none. */
export function readPastedLine(
  host: LineReadHost,
  prompt: LinePrompt,
  signal: AbortSignal,
): Promise<LineAnswer> {
  if (host.interrupt?.aborted) return Promise.resolve({ kind: 'interrupted' });
  if (signal.aborted) return Promise.resolve({ kind: 'aborted' });
  const { input, output } = host;
  const say = (line: Line) => output.write(`${paint(line, host.color)}\n`);
  const server = sanitizeText(prompt.server.label, { maxLength: 60 });
  if (prompt.problem !== undefined)
    say([seg(`✗ ${sanitizeText(prompt.problem, { maxLength: 500 })}`, 'error')]);
  say([seg(`${server}: `, 'bold'), seg(sanitizeText(prompt.message, { maxLength: 1000 }))]);
  if (prompt.address !== undefined) say([seg(sanitizeText(prompt.address, { maxLength: 8000 }), 'domain')]);
  let text = '';
  const status = () => {
    const got =
      text === ''
        ? 'paste the address, then press Enter'
        : `${[...text].length} characters pasted; Enter sends, Ctrl-U clears`;
    output.write(`\r${ESC}[K${paint([seg('Address: ', 'bold'), seg(`(${got})`, 'dim')], host.color)}`);
  };
  return new Promise((resolve) => {
    const wasRaw = input.isRaw === true;
    let done = false;
    const finish = (answer: LineAnswer) => {
      if (done) return;
      done = true;
      input.off('keypress', onKey);
      input.off('end', onEnd);
      signal.removeEventListener('abort', onAbort);
      host.interrupt?.removeEventListener('abort', onInterrupt);
      if (input.isTTY && input.setRawMode) input.setRawMode(wasRaw);
      input.pause();
      output.write(`${ESC}[?2004l\r${ESC}[K`);
      resolve(answer);
    };
    const onKey = (str: string | undefined, key: Parameters<typeof toKeyPress>[1]) => {
      const press = toKeyPress(str, key);
      if (isInterruptKey(press)) {
        finish({ kind: 'interrupted' });
        host.onInterrupt();
        return;
      }
      const end = lineKey(press, text);
      if (typeof end === 'object') return finish(end);
      text = end;
      status();
    };
    const onEnd = () => finish({ kind: 'closed' });
    const onAbort = () => finish({ kind: 'aborted' });
    const onInterrupt = () => finish({ kind: 'interrupted' });
    emitKeypressEvents(input, { escapeCodeTimeout: 50 } as unknown as Interface);
    if (input.isTTY && input.setRawMode) input.setRawMode(true);
    input.on('keypress', onKey);
    input.once('end', onEnd);
    signal.addEventListener('abort', onAbort, { once: true });
    host.interrupt?.addEventListener('abort', onInterrupt, { once: true });
    input.resume();
    output.write(`${ESC}[?2004h`);
    status();
  });
}

// A key's effect on the line being pasted: the new text, or how the reading ends.
function lineKey(key: KeyPress, text: string): string | LineAnswer {
  if (isDismissKey(key)) return { kind: 'closed' };
  if (key.name === 'return' || key.name === 'enter')
    return text.trim() === '' ? text : { kind: 'line', text };
  if (key.ctrl && key.name === 'u') return '';
  if (key.name === 'backspace') return [...text].slice(0, -1).join('');
  if (key.ch !== undefined && text.length < MAX_LINE) return text + key.ch;
  return text;
}
