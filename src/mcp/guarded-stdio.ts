// The SDK's stdio transport drops a line that is JSON but not valid JSON-RPC (e.g. a request whose
// `params` is a string) after reporting it to `onerror`: the server then waits forever for an
// answer. This transport answers such a request with -32600 Invalid Request naming the problem
// (JSON-RPC 2.0 §5.1), and keeps reading. Everything else is the SDK's own transport.
import { type JSONRPCMessage, parseJSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioClientTransport, type StdioServerParameters } from '@modelcontextprotocol/client/stdio';
import { ElicitError } from '../contracts/elicit-error.js';
import { describeInvalidRequest, INVALID_REQUEST, invalidRequestId } from './invalid-request.js';
import { replaceStdioReadBuffer, type StdioReadBuffer } from './sdk-seam.js';

const DEFAULT_MAX_BUFFER = 10 * 1024 * 1024;

/** Same contract as the SDK's ReadBuffer (append / readMessage / clear), plus the invalid-request report. */
class GuardedReadBuffer implements StdioReadBuffer {
  #buffer: Buffer | undefined;
  readonly #max: number;
  readonly #onInvalidRequest: (id: string | number, problem: string) => void;

  constructor(max: number, onInvalidRequest: (id: string | number, problem: string) => void) {
    this.#max = max;
    this.#onInvalidRequest = onInvalidRequest;
  }

  append(chunk: Buffer): void {
    if ((this.#buffer?.length ?? 0) + chunk.length > this.#max) {
      this.clear();
      throw new ElicitError('message-too-large', `ReadBuffer exceeded maximum size of ${this.#max} bytes`);
    }
    this.#buffer = this.#buffer ? Buffer.concat([this.#buffer, chunk]) : chunk;
  }

  readMessage(): JSONRPCMessage | null {
    while (this.#buffer) {
      const index = this.#buffer.indexOf('\n');
      if (index === -1) return null;
      const line = this.#buffer.toString('utf8', 0, index).replace(/\r$/, '');
      this.#buffer = this.#buffer.subarray(index + 1);
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        continue; // not JSON at all (a stray log line): skipped, as the SDK does
      }
      try {
        // The SDK's check of the value parsed above (deserializeMessage would parse the text again).
        return parseJSONRPCMessage(json);
      } catch (error) {
        const id = invalidRequestId(json);
        if (id === undefined) throw error; // not a request: nothing to answer, report as before
        this.#onInvalidRequest(id, describeInvalidRequest(json));
      }
    }
    return null;
  }

  clear(): void {
    this.#buffer = undefined;
  }
}

/**
 * Makes an SDK stdio transport answer invalid JSON-RPC requests instead of dropping them. The
 * transport stays an instance of the SDK's own class: the SDK only runs its era probe on a
 * disposable sibling process for the exact base class (a subclass would probe in place and could
 * kill servers that exit on any request before `initialize`).
 */
export function guardStdioTransport(
  transport: StdioClientTransport,
  maxBufferSize = DEFAULT_MAX_BUFFER,
): StdioClientTransport {
  const buffer = new GuardedReadBuffer(maxBufferSize, (id, problem) => {
    transport
      .send({ jsonrpc: '2.0', id, error: { code: INVALID_REQUEST, message: problem } })
      .catch((error: unknown) =>
        transport.onerror?.(error instanceof Error ? error : new Error(String(error))),
      );
  });
  replaceStdioReadBuffer(transport, buffer);
  return transport;
}

/** A stdio transport for `params` with the guard installed (see guardStdioTransport). */
export function createGuardedStdioTransport(params: StdioServerParameters): StdioClientTransport {
  return guardStdioTransport(new StdioClientTransport(params), params.maxBufferSize);
}
