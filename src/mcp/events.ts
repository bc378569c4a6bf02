// What the adapter reports about each elicitation the server attempted (the CLI's --json
// `elicitations` array is built from these).
import type { ElicitationMode } from '../contracts/protocol.js';
import type { FormContent } from '../core/form-model.js';
import type { CancelReason } from '../core/outcome.js';

export interface ElicitationEvent {
  /** The server's configured label. */
  readonly server: string;
  readonly mode: ElicitationMode | 'unknown';
  readonly message: string;
  /** Absent when the request was rejected with a JSON-RPC error (see `error`). */
  readonly action?: 'accept' | 'decline' | 'cancel';
  /** Present on a form-mode accept: exactly what was sent. */
  readonly content?: FormContent;
  /** Why it ended as cancel (never sent on the wire). */
  readonly reason?: CancelReason;
  readonly url?: string;
  /** The JSON-RPC error sent to the server (2025 era) or raised locally (2026 era). */
  readonly error?: { readonly code: number; readonly message: string };
}

export type ElicitationListener = (event: ElicitationEvent) => void;
