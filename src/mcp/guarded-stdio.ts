// The SDK's stdio transport drops a line that is JSON but not valid JSON-RPC (e.g. a request whose
// `params` is a string) after reporting it to `onerror`: the server then waits forever for an
// answer. This transport answers such a request with -32600 Invalid Request naming the problem
// (JSON-RPC 2.0 §5.1), and keeps reading. Everything else is the SDK's own transport.
import { deserializeMessage, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioClientTransport, type StdioServerParameters } from '@modelcontextprotocol/client/stdio';
import { ElicitError } from '../contracts/elicit-error.js';
import { installedSdkVersion } from './sdk-seam.js';

const INVALID_REQUEST = -32600;
const DEFAULT_MAX_BUFFER = 10 * 1024 * 1024;

/** Same contract as the SDK's ReadBuffer (append / readMessage / clear), plus the invalid-request report. */
class GuardedReadBuffer {
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
        return deserializeMessage(line);
      } catch (error) {
        const id = requestId(json);
        if (id === undefined) throw error; // not a request: nothing to answer, report as before
        this.#onInvalidRequest(id, describe(json));
      }
    }
    return null;
  }

  clear(): void {
    this.#buffer = undefined;
  }
}

function requestId(json: unknown): string | number | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const record = json as Record<string, unknown>;
  if (typeof record.method !== 'string') return undefined;
  return typeof record.id === 'string' || typeof record.id === 'number' ? record.id : undefined;
}

function describe(json: unknown): string {
  const record = json as Record<string, unknown>;
  if (record.jsonrpc !== '2.0') return 'Invalid Request: "jsonrpc" must be "2.0"';
  if ('params' in record && (typeof record.params !== 'object' || record.params === null)) {
    return `Invalid Request: "params" of ${JSON.stringify(String(record.method)).slice(0, 60)} must be an object or an array (JSON-RPC 2.0 §4.2), got ${record.params === null ? 'null' : typeof record.params}`;
  }
  return 'Invalid Request: the message is not a valid JSON-RPC 2.0 request';
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
  // The SDK keeps its buffer in `_readBuffer`; ours honours the same contract (see above).
  const held = transport as unknown as { _readBuffer?: { append?: unknown } };
  if (typeof held._readBuffer?.append !== 'function') {
    throw new ElicitError(
      'sdk-incompatible',
      `mcp-elicit cannot guard the stdio transport of @modelcontextprotocol/client ${installedSdkVersion()}: it no longer keeps a _readBuffer. It is tested with 2.4.x.`,
    );
  }
  (held as { _readBuffer: GuardedReadBuffer })._readBuffer = buffer;
  return transport;
}

/** A stdio transport for `params` with the guard installed (see guardStdioTransport). */
export function createGuardedStdioTransport(params: StdioServerParameters): StdioClientTransport {
  return guardStdioTransport(new StdioClientTransport(params), params.maxBufferSize);
}
