// The host side of a stdio server (the proxy): the SDK's StdioServerTransport drops a line that is
// not JSON-RPC (after `onerror`) and closes the whole transport on a line over its buffer limit, so
// a host waits forever or sees a clean exit. This buffer answers every such line as JSON-RPC 2.0
// §5.1 has it (-32700 for bad JSON, -32600 for a batch, a bad request or an oversized line, with the
// id when it can be read, else null) and keeps serving.
import { type JSONRPCMessage, parseJSONRPCMessage } from '@modelcontextprotocol/client';
import type { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import {
  describeInvalidRequest,
  INVALID_REQUEST,
  invalidRequestId,
  PARSE_ERROR,
} from '../mcp/invalid-request.js';
import { replaceStdioReadBuffer, type StdioReadBuffer } from '../mcp/sdk-seam.js';
import { topLevelId } from './top-level-id.js';

export const HOST_LINE_LIMIT = 10 * 1024 * 1024;
/** The start of an oversized line kept to read its id from. */
const HEAD_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

type Reply = (id: string | number | null, code: number, message: string) => void;

class HostReadBuffer implements StdioReadBuffer {
  #buffer: Buffer | undefined;
  /** Set while the rest of an oversized line is being skipped. */
  #skipping: { head: Buffer; size: number } | undefined;

  readonly #max: number;
  readonly #reply: Reply;
  constructor(max: number, reply: Reply) {
    this.#max = max;
    this.#reply = reply;
  }

  append(chunk: Buffer): void {
    let rest = chunk;
    if (this.#skipping) {
      const end = rest.indexOf(NEWLINE);
      if (end === -1) {
        this.#skipping.size += rest.length;
        return;
      }
      this.#skipping.size += end;
      this.#oversized(this.#skipping.head, this.#skipping.size);
      this.#skipping = undefined;
      rest = rest.subarray(end + 1);
    }
    const joined = this.#buffer ? Buffer.concat([this.#buffer, rest]) : rest;
    const lineStart = joined.lastIndexOf(NEWLINE) + 1;
    if (joined.length - lineStart <= this.#max) {
      this.#buffer = joined;
      return;
    }
    // The unfinished line is already over the limit: keep its start, count the rest as it comes.
    const head = Buffer.from(joined.subarray(lineStart, lineStart + HEAD_BYTES));
    this.#skipping = { head, size: joined.length - lineStart };
    this.#buffer = lineStart > 0 ? joined.subarray(0, lineStart) : undefined;
  }

  readMessage(): JSONRPCMessage | null {
    while (this.#buffer) {
      const index = this.#buffer.indexOf(NEWLINE);
      if (index === -1) return null;
      const bytes = this.#buffer.subarray(0, index);
      this.#buffer = index + 1 < this.#buffer.length ? this.#buffer.subarray(index + 1) : undefined;
      if (bytes.length > this.#max) {
        this.#oversized(bytes.subarray(0, HEAD_BYTES), bytes.length);
        continue;
      }
      const message = this.#parse(bytes.toString('utf8').replace(/\r$/, ''));
      if (message) return message;
    }
    return null;
  }

  clear(): void {
    this.#buffer = undefined;
    this.#skipping = undefined;
  }

  #parse(line: string): JSONRPCMessage | undefined {
    if (line.trim() === '') return undefined;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      this.#reply(null, PARSE_ERROR, `Parse error: the line is not JSON (${(error as Error).message})`);
      return undefined;
    }
    if (Array.isArray(json)) {
      this.#reply(
        null,
        INVALID_REQUEST,
        'Invalid Request: batches are not supported (MCP sends one message a line)',
      );
      return undefined;
    }
    try {
      // The SDK's check of the value parsed above (deserializeMessage would parse the text again).
      return parseJSONRPCMessage(json);
    } catch {
      const record = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
      // A bad notification gets no answer (JSON-RPC 2.0 §4.1); a bad request gets one, by id if usable.
      if (typeof record.method === 'string' && !('id' in record)) return undefined;
      // A broken response to one of our requests is not a request: there is nothing to answer.
      if (typeof record.method !== 'string' && ('result' in record || 'error' in record)) return undefined;
      const id = invalidRequestId(json) ?? null;
      this.#reply(id, INVALID_REQUEST, describeInvalidRequest(json));
      return undefined;
    }
  }

  #oversized(head: Buffer, size: number): void {
    const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
    this.#reply(
      topLevelId(head.toString('utf8')) ?? null,
      INVALID_REQUEST,
      `Invalid Request: the message is ${size} bytes (${mib(size)}), over the ${mib(this.#max)} limit of one line`,
    );
  }
}

/** Installs the guarded buffer on the host's stdio transport; errors are written as it reads. */
export function guardHostStdio(transport: StdioServerTransport, max = HOST_LINE_LIMIT): StdioServerTransport {
  const buffer = new HostReadBuffer(max, (id, code, message) => {
    transport
      .send({ jsonrpc: '2.0', id, error: { code, message } } as JSONRPCMessage)
      .catch((error: unknown) =>
        transport.onerror?.(error instanceof Error ? error : new Error(String(error))),
      );
  });
  replaceStdioReadBuffer(transport, buffer);
  return transport;
}
