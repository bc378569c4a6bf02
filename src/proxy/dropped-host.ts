// A 2025 host over HTTP that drops the connection a request of its own is streaming on can never
// get that answer: the URL face keeps no event store to replay it from. The request is then
// cancelled as if the host had sent `notifications/cancelled`, so the upstream call ends and the
// elicitation it was waiting on (and the prompt queue it held) is released, for this host only.
// The spec lets a server keep such a request running (transports "Cancellation"); without
// resumability nothing could receive its result, so this proxy does not.
import type { JSONRPCMessage, RequestId, Transport } from '@modelcontextprotocol/server';

export function cancelOnDrop(transport: Transport): void {
  const open = new Set<RequestId>();
  const dispatch = transport.onmessage;
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (isResponse(message)) open.delete(message.id);
    return send(message, options);
  };
  transport.onmessage = (message, extra) => {
    const signal = extra?.request?.signal;
    if (signal && 'method' in message && 'id' in message) {
      const id = message.id;
      open.add(id);
      signal.addEventListener(
        'abort',
        () => {
          if (!open.delete(id)) return;
          dispatch?.call(transport, {
            jsonrpc: '2.0',
            method: 'notifications/cancelled',
            params: { requestId: id, reason: 'the host dropped the connection before the answer' },
          });
        },
        { once: true },
      );
    }
    dispatch?.call(transport, message, extra);
  };
}

function isResponse(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  return !('method' in message) && 'id' in message && message.id !== null;
}
