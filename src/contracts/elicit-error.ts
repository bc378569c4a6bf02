// The one class for local failures (never sent on the wire: that is the SDK's ProtocolError). A
// string code says what went wrong; only the CLI entry point maps codes to exit statuses.

/** What went wrong locally; the CLI maps each code to its exit status (a code it does not map counts as a failed request). */
export type ElicitErrorCode =
  /** attachElicitation was given options that cannot work together. */
  | 'invalid-options'
  /** The installed SDK no longer has the shape the adapter's seam relies on. */
  | 'sdk-incompatible'
  /** A -32042 browser step was declined, cancelled or refused, or the retries ran out. */
  | 'declined'
  /** Cancelled: a -32042 browser step, a task (Ctrl-C, abort or the server), or a proxy prompt the host never answered. */
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
  | 'message-too-large'
  /** Proxy: the host is not connected (yet, or any more). */
  | 'not-connected'
  /** Proxy: the host did not come back for the next input round, so the request was dropped. */
  | 'abandoned'
  /** Proxy: a prompt could not be tied to the host request it belongs to. */
  | 'unroutable'
  /** Tasks (`TaskError`): the server reported the task failed. */
  | 'failed'
  /** Tasks: the server no longer knows the task (its ttl ran out) or answered a poll with an error. */
  | 'expired'
  /** Tasks: the tool requires a task but this connection cannot run one. */
  | 'unsupported'
  /** Tasks: -32021, the server needs a client capability (extension) this client did not declare. */
  | 'missing-capability'
  /** Tasks: the task outlived its ttl or the client's task timeout. */
  | 'timed-out'
  /** Tasks: the server sent a task or task result that does not fit the protocol's schema. */
  | 'invalid-response'
  /** Tasks: the server asked for more inputs over the task's life than the client keeps track of. */
  | 'too-many-inputs'
  /** Sign-in: the server needs a sign-in and nobody can sign in (no consent, no --open-urls). */
  | 'sign-in-required'
  /** Sign-in: it was tried and failed (the authorization server refused, a check failed, a timeout). */
  | 'sign-in-failed';

/** Marks every ElicitError, whichever copy of this module made it (each CommonJS entry bundles one). */
const BRAND = Symbol.for('mcp-elicit.ElicitError');

/** The one error class for failures of the client's own making; errors from a server stay the SDK's `ProtocolError`. */
export class ElicitError<Code extends ElicitErrorCode = ElicitErrorCode> extends Error {
  /** What went wrong, as a stable string to branch on (the message is for people). */
  readonly code: Code;

  constructor(code: Code, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ElicitError';
    this.code = code;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

// `instanceof ElicitError` holds across the package's entries (`mcp-elicit`, `/core`, `/auth`,
// `/stdio`); a subclass (TaskError) inherits this and keeps the ordinary prototype check.
Object.defineProperty(ElicitError, Symbol.hasInstance, {
  value: function hasInstance(this: unknown, value: unknown): boolean {
    if (this !== ElicitError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && BRAND in value;
  },
});
