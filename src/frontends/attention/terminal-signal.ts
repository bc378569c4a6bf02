// The terminal's own attention signals: the bell, and the desktop-notification escape sequences
// common terminals understand (OSC 9: iTerm2, WezTerm, Windows Terminal, kitty; OSC 777: VTE,
// foot, rxvt). Only on a terminal that is not `TERM=dumb`; with NO_COLOR only the bell, since the
// person asked for plain output. The text is ours (core/attention.ts) with the label cleaned.
import type { AttentionSink } from '../../core/attention.js';

/** The stream a terminal front-end draws on (process.stderr, a tty.WriteStream). */
export interface SignalStream {
  /** Only a TTY gets signals. */
  readonly isTTY?: boolean;
  /** Writes the signal's bytes. */
  write(text: string): unknown;
}

const BEL = '\u0007';
const OSC = '\u001b]';

/** A sink that writes to `stream`, or undefined where the terminal cannot take it. */
export function terminalSignal(stream: SignalStream, env: NodeJS.ProcessEnv): AttentionSink | undefined {
  if (stream.isTTY !== true || env.TERM === 'dumb') return undefined;
  const plain = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  return (event) => {
    if (plain) {
      stream.write(BEL);
      return;
    }
    // `;` separates OSC 777's fields; the cleaned text has no control characters left.
    const title = event.title.replaceAll(';', ',');
    const body = event.body.replaceAll(';', ',');
    stream.write(`${BEL}${OSC}9;${body}${BEL}${OSC}777;notify;${title};${body}${BEL}`);
  };
}
