// The one class for local failures (never sent on the wire: that is the SDK's ProtocolError). A
// string code says what went wrong; only the CLI entry point maps codes to exit statuses.

/** What went wrong locally; the CLI maps each code to its exit status. */
export type ElicitErrorCode =
  /** attachElicitation was given options that cannot work together. */
  | 'invalid-options'
  /** The installed SDK no longer has the shape the adapter's seam relies on. */
  | 'sdk-incompatible'
  /** A -32042 browser step was declined, cancelled or refused, or the retries ran out. */
  | 'declined'
  | 'cancelled'
  | 'refused'
  | 'repeated-url'
  | 'retries-exhausted'
  /** CLI: bad arguments, a bad config file, no connection, a failed request, a tool error, Ctrl-C. */
  | 'usage'
  | 'config'
  | 'connect'
  | 'request'
  | 'tool-error'
  /** CLI: a scripted run fell back to cancel (no scripted answer applied, or it did not fit). */
  | 'unanswered'
  | 'interrupted'
  /** A transport received more than it is willing to buffer. */
  | 'message-too-large';

/** The one error class for failures of the client's own making; errors from a server stay the SDK's `ProtocolError`. */
export class ElicitError<Code extends ElicitErrorCode = ElicitErrorCode> extends Error {
  /** What went wrong, as a stable string to branch on (the message is for people). */
  readonly code: Code;

  constructor(code: Code, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ElicitError';
    this.code = code;
  }
}
