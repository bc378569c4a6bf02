// The one place the adapter reaches inside the SDK. Our request check replaces the SDK's generic
// `elicitation/create` validation (which strips `pattern` and answers with raw zod issues), so the
// handler must be installed where the SDK would wrap it. This relies on two things in
// @modelcontextprotocol/client (tested with 2.4.x), both checked here when attaching:
//   1. `Client#_wrapHandler(method, handler)`, the protected hook through which the Client adds its
//      own elicitation/create validation, is an own-or-inherited method of the instance;
//   2. `Client#setRequestHandler` passes the handler through that hook at registration time, and
//      dispatches what the hook returned for both eras (2025 requests and the 2026 entries the SDK
//      drives itself).
// An SDK without that shape gets an `ElicitError('sdk-incompatible')` naming its version, never a
// silent fallback to the SDK's own check. Tasks add two more reaches, checked the same way when
// used: `Client#_outboundMetaEnvelope()` (2026 task requests are framed like the SDK's own) and the
// `Client#_requestHandlers` table (a check in front of the client-hosted task handler). Progress adds
// one: `Client#_onresponse` is deferred by a microtask (see keepProgressBeforeResults). The guarded
// stdio transports add another: `_readBuffer` of the SDK's stdio client and server transports is
// swapped for a guarded buffer (the proxy's host side too). Closing adds the last: the stdio client
// transport's `_process` is read (never written) to end a server that outlives its closed stdin.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Client,
  type ClientContext,
  type JSONRPCMessage,
  type JSONRPCRequest,
  ProtocolError,
  ProtocolErrorCode,
  type Result,
} from '@modelcontextprotocol/client';
import { ElicitError } from '../contracts/elicit-error.js';

export type RawHandler = (request: JSONRPCRequest, ctx: ClientContext) => Promise<Result>;

type WrapHook = (method: string, handler: RawHandler) => RawHandler;

/** Routes every `elicitation/create` the client receives to `handler`, unchecked by the SDK. */
export function installElicitationHandler(client: Client, handler: RawHandler): void {
  if (!(client instanceof Client)) {
    throw incompatible(
      'the Client comes from another copy of @modelcontextprotocol/client than the one mcp-elicit loads (it is a peer dependency: install one copy)',
    );
  }
  const hooked = client as unknown as { _wrapHandler?: unknown };
  if (typeof hooked._wrapHandler !== 'function') throw incompatible('Client#_wrapHandler no longer exists');
  const sdkWrap = (hooked._wrapHandler as WrapHook).bind(client);
  let routed = false;
  const wrap: WrapHook = (method, registered) => {
    if (method !== 'elicitation/create') return sdkWrap(method, registered);
    routed = true;
    return handler;
  };
  hooked._wrapHandler = wrap;
  // Registered so the SDK routes both eras' requests here; the function itself is replaced above.
  client.setRequestHandler('elicitation/create', async () => {
    throw new ProtocolError(ProtocolErrorCode.InternalError, 'unreachable: replaced by the adapter');
  });
  if (!routed) {
    hooked._wrapHandler = sdkWrap;
    throw incompatible('Client#setRequestHandler no longer passes handlers through _wrapHandler');
  }
}

/**
 * The SDK dispatches a notification in a microtask but a response at once (Protocol#_onnotification
 * and #_onresponse in @modelcontextprotocol/client), so a request's last progress read in the same
 * chunk as its result found its handler gone and was dropped. Deferring each response by one
 * microtask lets every notification that arrived before it run first; responses keep their order.
 */
export function keepProgressBeforeResults(client: Client): void {
  const seam = client as unknown as { _onresponse?: (response: unknown) => void };
  const onresponse = seam._onresponse;
  if (typeof onresponse !== 'function') throw incompatible('Client#_onresponse no longer exists');
  seam._onresponse = (response) => {
    queueMicrotask(() => onresponse.call(client, response));
  };
}

/** Tasks (2026-07-28): the per-request `_meta` envelope the Client stamps on what it sends. */
export function outboundEnvelope(client: Client): Record<string, unknown> {
  const seam = client as unknown as { _outboundMetaEnvelope?: () => Record<string, unknown> | undefined };
  if (typeof seam._outboundMetaEnvelope !== 'function')
    throw incompatible('Client#_outboundMetaEnvelope no longer exists');
  return seam._outboundMetaEnvelope() ?? {};
}

/**
 * Tasks (2025-11-25 client-hosted): wraps the registered handler of `method` in place, so a check
 * can run before it (ext-tasks' receiver keeps its handlers in the same table).
 */
export function wrapRegisteredHandler(
  client: Client,
  method: string,
  wrap: (registered: RawHandler) => RawHandler,
): void {
  const table = (client as unknown as { _requestHandlers?: unknown })._requestHandlers;
  if (!(table instanceof Map)) throw incompatible('Client#_requestHandlers is no longer a Map');
  const registered = table.get(method) as RawHandler | undefined;
  if (registered) table.set(method, wrap(registered));
}

/** What the SDK's stdio `ReadBuffer` does for its transport: append bytes, take whole messages, clear. */
export interface StdioReadBuffer {
  append(chunk: Buffer): void;
  readMessage(): JSONRPCMessage | null;
  clear(): void;
}

/** Stdio: the transport reads through `buffer` instead of the SDK's `_readBuffer` (same contract). */
export function replaceStdioReadBuffer(transport: object, buffer: StdioReadBuffer): void {
  const held = transport as unknown as { _readBuffer?: { append?: unknown } };
  if (typeof held._readBuffer?.append !== 'function')
    throw incompatible('it no longer keeps a _readBuffer', 'guard the stdio transport of');
  (held as { _readBuffer: StdioReadBuffer })._readBuffer = buffer;
}

/** The running server process of an SDK stdio transport, as much of it as closing needs. */
export interface StdioChild {
  readonly exitCode: number | null;
  readonly signalCode: string | null;
  kill(signal: 'SIGTERM'): boolean;
}

/** Stdio: the server process the transport started (the SDK keeps it in `_process`), if any. */
export function stdioChild(transport: object): StdioChild | undefined {
  const held = (transport as { _process?: Partial<StdioChild> })._process;
  return typeof held?.kill === 'function' ? (held as StdioChild) : undefined;
}

function incompatible(problem: string, action = 'attach to'): ElicitError<'sdk-incompatible'> {
  return new ElicitError(
    'sdk-incompatible',
    `mcp-elicit cannot ${action} @modelcontextprotocol/client ${installedSdkVersion()}: ${problem}. It is tested with 2.4.x.`,
  );
}

/** The installed SDK's version, read from its package.json (only on the error path). */
export function installedSdkVersion(): string {
  try {
    let dir = dirname(fileURLToPath(import.meta.resolve('@modelcontextprotocol/client')));
    for (let depth = 0; depth < 5; depth++, dir = dirname(dir)) {
      try {
        const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
        if (pkg.name === '@modelcontextprotocol/client' && typeof pkg.version === 'string')
          return pkg.version;
      } catch {
        // no package.json at this level: look one folder up
      }
    }
  } catch {
    // import.meta.resolve is missing before Node 20.6
  }
  return '(version unknown)';
}
