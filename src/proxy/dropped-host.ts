// A 2025 host over HTTP that drops the connection a request of its own is streaming on can never
// get that answer: the URL face keeps no event store to replay it from. The request is then
// cancelled as if the host had sent `notifications/cancelled`, so the upstream call ends and the
// elicitation it was waiting on (and the prompt queue it held) is released, for this host only.
// The spec lets a server keep such a request running (transports "Cancellation"); without
// resumability nothing could receive its result, so this proxy does not.
import type { JSONRPCMessage, RequestId, Transport } from '@modelcontextprotocol/server';
import { tapOf } from '../mcp/transport-tap.js';

export function cancelOnDrop(transport: Transport): void {
  const open = new Set<RequestId>();
  const tap = tapOf(transport);
  tap.outbound('dropped-host', (message, options, pass) => {
    if (isResponse(message)) open.delete(message.id);
    return pass(message, options);
  });
  tap.inbound('dropped-host', (message, extra, pass) => {
    const signal = extra?.request?.signal;
    if (signal && 'method' in message && 'id' in message) {
      const id = message.id;
      open.add(id);
      signal.addEventListener(
        'abort',
        () => {
          if (!open.delete(id)) return;
          pass({
            jsonrpc: '2.0',
            method: 'notifications/cancelled',
            params: { requestId: id, reason: 'the host dropped the connection before the answer' },
          });
        },
        { once: true },
      );
    }
    pass();
  });
}

function isResponse(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  return !('method' in message) && 'id' in message && message.id !== null;
}
