// The host's transport, watched for its opening message: the upstream session is connected only
// once the proxy knows what the host declared (sampling, roots and elicitation are declared
// upstream only when the host can serve them).
import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type JSONRPCMessage,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/client';
import type { Era } from '../contracts/protocol.js';
import { isRecord } from './passthrough.js';

export interface HostHello {
  readonly era: Era;
  readonly capabilities: ClientCapabilities;
}

/** Wraps the host transport; `hello` settles on the first request that says what the host declared. */
export class WatchedTransport implements Transport {
  readonly hello: Promise<HostHello>;
  #settle!: (hello: HostHello) => void;
  #handler?: Transport['onmessage'];
  #closeHandler: (() => void) | undefined;
  #ended!: () => void;
  /** Settles when the host's side of the connection has closed. */
  readonly closed: Promise<void> = new Promise((resolve) => {
    this.#ended = resolve;
  });

  readonly #inner: Transport;
  constructor(inner: Transport) {
    this.#inner = inner;
    this.hello = new Promise((resolve) => {
      this.#settle = resolve;
    });
    inner.onmessage = (message, extra) => {
      this.#watch(message);
      this.#handler?.(message, extra);
    };
    inner.onclose = () => {
      this.#closeHandler?.();
      this.#ended();
    };
  }

  set onmessage(handler: Transport['onmessage']) {
    this.#handler = handler;
  }
  get onmessage(): Transport['onmessage'] {
    return this.#handler;
  }
  set onclose(handler: (() => void) | undefined) {
    this.#closeHandler = handler;
  }
  get onclose() {
    return this.#closeHandler;
  }
  set onerror(handler: ((error: Error) => void) | undefined) {
    this.#inner.onerror = handler;
  }
  get onerror() {
    return this.#inner.onerror;
  }
  get sessionId() {
    return this.#inner.sessionId;
  }

  start = (): Promise<void> => this.#inner.start();
  close = (): Promise<void> => this.#inner.close();
  send = (message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> =>
    this.#inner.send(message, options);
  setProtocolVersion = (version: string): void => this.#inner.setProtocolVersion?.(version);

  #watch(message: JSONRPCMessage): void {
    const hello = helloOf(message);
    if (hello) this.#settle(hello);
  }
}

/** What a host's message says it declared: `initialize` (2025) or the 2026 per-request `_meta`. */
export function helloOf(message: unknown): HostHello | undefined {
  const { method, params } = (isRecord(message) ? message : {}) as { method?: unknown; params?: unknown };
  if (typeof method !== 'string' || !isRecord(params)) return undefined;
  if (method === 'initialize') {
    const capabilities = isRecord(params.capabilities) ? params.capabilities : {};
    return { era: '2025-11-25', capabilities: capabilities as ClientCapabilities };
  }
  const declared = isRecord(params._meta) ? params._meta[CLIENT_CAPABILITIES_META_KEY] : undefined;
  return isRecord(declared) ? { era: '2026-07-28', capabilities: declared as ClientCapabilities } : undefined;
}
