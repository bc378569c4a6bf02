// A JSON-RPC request path below `Client.request`, for 2026-07-28 task traffic: the SDK's result
// decoder rejects `resultType: "task"` (UNSUPPORTED_RESULT_TYPE), so these requests go straight
// to the connected transport and their responses are taken off it before the SDK sees them. The
// transport still derives the HTTP headers (`Mcp-Method`, `Mcp-Name: <taskId>`) from the body.
import {
  type Client,
  type JSONRPCMessage,
  SdkError,
  SdkErrorCode,
  type Transport,
} from '@modelcontextprotocol/client';
import type { JsonRpcResponse, RawClientDispatch } from '@modelcontextprotocol/ext-tasks/client';
import { tapOf } from '../transport-tap.js';

type Pending = (response: JsonRpcResponse) => void;
type JsonValue = Parameters<RawClientDispatch>[0];
type DispatchOptions = NonNullable<Parameters<RawClientDispatch>[1]>;

/** String ids never collide with the SDK's numeric ones. */
const ID_PREFIX = 'mcp-elicit-task-';

/** One dispatch per client: two would both hook its transport and hand out the same ids. */
const dispatches = new WeakMap<Client, RawClientDispatch>();

/** The client's raw request path, shared by everything that sends task traffic on it. */
export function rawDispatchFor(client: Client): RawClientDispatch {
  let dispatch = dispatches.get(client);
  if (!dispatch) {
    dispatch = createRawDispatch(client);
    dispatches.set(client, dispatch);
  }
  return dispatch;
}

function createRawDispatch(client: Client): RawClientDispatch {
  const pending = new Map<string, Pending>();
  let hooked: Transport | undefined;
  let next = 0;

  const hook = (): Transport => {
    const transport = client.transport;
    // The SDK's own errors for the same failures, so a task call fails like the SDK's request path.
    if (transport === undefined) throw new SdkError(SdkErrorCode.NotConnected, 'Not connected');
    if (hooked === transport) return transport;
    takeResponses(transport, pending);
    hooked = transport;
    return transport;
  };

  return (request, options = {}) =>
    new Promise<JsonRpcResponse>((resolve, reject) => {
      const transport = hook();
      if (options.signal?.aborted) {
        reject(options.signal.reason);
        return;
      }
      const id = `${ID_PREFIX}${++next}`;
      send({ client, transport, pending, id, request, options, resolve, reject });
    });
}

/** Responses to our ids are ours (taken off the transport's tap), everything else goes to the SDK. */
function takeResponses(transport: Transport, pending: Map<string, Pending>): void {
  tapOf(transport).inbound('task-responses', (message, _extra, pass) => {
    const id = (message as { id?: unknown }).id;
    const mine = typeof id === 'string' && !('method' in message) ? pending.get(id) : undefined;
    if (mine === undefined) return pass();
    pending.delete(id as string);
    mine(toResponse(message));
  });
}

function toResponse(message: JSONRPCMessage): JsonRpcResponse {
  const reply = message as {
    result?: unknown;
    error?: { code: number; message: string; data?: unknown };
  };
  return reply.error !== undefined
    ? { kind: 'error', error: reply.error as never }
    : { kind: 'result', result: (reply.result ?? {}) as JsonValue };
}

/** One raw request in flight, with what settles it. */
interface Outgoing {
  readonly client: Client;
  readonly transport: Transport;
  readonly pending: Map<string, Pending>;
  readonly id: string;
  readonly request: JsonValue;
  readonly options: DispatchOptions;
  readonly resolve: (response: JsonRpcResponse) => void;
  readonly reject: (reason: unknown) => void;
}

/** Sends one request and settles it by its response, its timeout, its signal or a failed send. */
function send(out: Outgoing): void {
  const { transport, pending, id, options, reject } = out;
  const signal = options.signal;
  const message = { ...(out.request as Record<string, unknown>), jsonrpc: '2.0', id } as JSONRPCMessage;
  // HTTP: aborting closes this request's own stream; stdio: tell the server we gave up.
  const requestAbort = transport.hasPerRequestStream === true ? new AbortController() : undefined;
  const timer = startTimeout(options.context?.requestTimeoutMs, (reason) => fail(reason));
  const done = () => {
    pending.delete(id);
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  };
  const fail = (reason: unknown) => {
    if (!pending.has(id)) return;
    done();
    giveUp(out.client, requestAbort, id, reason);
    reject(reason);
  };
  const onAbort = () => fail(signal?.reason);
  pending.set(id, (response) => {
    done();
    out.resolve(response);
  });
  signal?.addEventListener('abort', onAbort, { once: true });
  transport
    .send(message, {
      ...(options.context?.headers !== undefined && { headers: { ...options.context.headers } }),
      ...(requestAbort && { requestSignal: requestAbort.signal }),
    } as Parameters<Transport['send']>[1])
    .catch((error: unknown) => {
      if (!pending.has(id)) return;
      done();
      reject(error);
    });
}

/** The SDK's own timeout error, after `ms`; no timer without a limit. */
function startTimeout(
  ms: number | undefined,
  fail: (reason: unknown) => void,
): ReturnType<typeof setTimeout> | undefined {
  if (ms === undefined) return undefined;
  return setTimeout(
    () =>
      fail(new SdkError(SdkErrorCode.RequestTimeout, `Request timed out after ${ms} ms`, { timeout: ms })),
    ms,
  );
}

/** Tells the other side we stopped waiting: closes the request's stream, or sends notifications/cancelled. */
function giveUp(
  client: Client,
  requestAbort: AbortController | undefined,
  id: string,
  reason: unknown,
): void {
  if (requestAbort) requestAbort.abort();
  else
    void client
      .notification({
        method: 'notifications/cancelled',
        params: { requestId: id, reason: String(reason) },
      })
      .catch(() => {});
}
