// When the full-screen form can be used, and whether it may use colour.
import { MIN_SIZE } from './frame.js';

/** Environment variables the terminal front-end reads (`TERM`, `NO_COLOR`), e.g. `process.env`. */
export type Env = Readonly<Record<string, string | undefined>>;

/** The two streams `terminalSupported` inspects, e.g. `process.stdin` and `process.stdout`. */
export interface TerminalStreams {
  /** Where keys come from. */
  readonly input: {
    /** True on a terminal. */
    readonly isTTY?: boolean;
  };
  /** Where the form is drawn. */
  readonly output: {
    /** True on a terminal. */
    readonly isTTY?: boolean;
    /** Width in characters. */
    readonly columns?: number;
    /** Height in lines. */
    readonly rows?: number;
  };
}

/**
 * True when stdin and stdout are terminals that can draw the form: not TERM=dumb (or unset, except
 * on Windows consoles), and not smaller than the form's minimum size. Otherwise the CLI falls back
 * to the plain line mode.
 */
export function terminalSupported(env: Env, streams: TerminalStreams): boolean {
  if (streams.input.isTTY !== true || streams.output.isTTY !== true) return false;
  const term = env.TERM;
  if (term === 'dumb') return false;
  if ((term === undefined || term === '') && process.platform !== 'win32') return false;
  const { columns, rows } = streams.output;
  if (columns !== undefined && columns < MIN_SIZE.columns) return false;
  if (rows !== undefined && rows < MIN_SIZE.rows) return false;
  return true;
}

/** NO_COLOR (any non-empty value, https://no-color.org) or TERM=dumb: no SGR codes at all. */
export function colorAllowed(env: Env): boolean {
  const noColor = env.NO_COLOR;
  if (noColor !== undefined && noColor !== '') return false;
  return env.TERM !== 'dumb';
}
