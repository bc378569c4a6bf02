// The CLI's one error class (house style 6). Only main.ts turns a code into an exit status.

export type CliErrorCode =
  | 'usage'
  | 'config'
  | 'connect'
  | 'request'
  | 'tool-error'
  | 'unanswered'
  | 'interrupted';

const EXIT_STATUS: Record<CliErrorCode, number> = {
  usage: 2,
  config: 2,
  connect: 3,
  request: 1,
  'tool-error': 1,
  // A scripted run that fell back to cancel (no answer applied, or it did not fit the form).
  unanswered: 4,
  // 128 + SIGINT, as shells report a command stopped with Ctrl-C.
  interrupted: 130,
};

export class CliError extends Error {
  readonly code: CliErrorCode;

  constructor(code: CliErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CliError';
    this.code = code;
  }

  get exitStatus(): number {
    return EXIT_STATUS[this.code];
  }
}
