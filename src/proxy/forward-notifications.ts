// Notifications both ways: whatever the upstream server announces (list changes, resource updates,
// log messages, ...) reaches the host as sent, and the host's (roots changes) reach upstream.
// Progress and cancellation are not here: the SDK maps them per request (forward-requests.ts).
import type { Client, JSONRPCMessage, Notification } from '@modelcontextprotocol/client';
import type { Server } from '@modelcontextprotocol/server';
import { tapOf } from '../mcp/transport-tap.js';

/** Handled by each side's SDK or by the adapter itself, never forwarded as such. */
const LOCAL = new Set([
  'notifications/initialized',
  'notifications/progress',
  'notifications/cancelled',
  'notifications/elicitation/complete',
]);

/** `outbound` may reshape what goes to the host (a task the proxy answers for is shown working). */
export function forwardNotifications(
  server: Server,
  upstream: Client,
  log: (line: string) => void,
  outbound: (notification: Notification) => Notification = (notification) => notification,
): void {
  upstream.fallbackNotificationHandler = async (notification) => {
    if (LOCAL.has(notification.method)) return;
    await server.notification(outbound(notification)).catch((error: Error) => {
      log(`could not pass ${notification.method} to the host: ${error.message}`);
    });
  };
  server.fallbackNotificationHandler = async (notification) => {
    if (LOCAL.has(notification.method)) return;
    await upstream.notification(notification).catch((error: Error) => {
      log(`could not pass ${notification.method} upstream: ${error.message}`);
    });
  };
}

/**
 * A 2025 host that did a URL step itself learns of its completion as the spec has it: the
 * upstream server's `notifications/elicitation/complete` for that id is sent on (the adapter
 * still sees it, to end its own wait). Observed on the transport's tap, ahead of the SDK's dispatch.
 */
export function relayUrlCompletions(
  upstream: Client,
  takeForHost: (elicitationId: string) => boolean,
  server: () => Server,
  log: (line: string) => void,
): void {
  const transport = upstream.transport;
  if (!transport) return;
  tapOf(transport).inbound('url-completions', (message, _extra, pass) => {
    const id = completedId(message);
    if (id !== undefined && takeForHost(id)) {
      server()
        .notification({ method: 'notifications/elicitation/complete', params: { elicitationId: id } })
        .catch((error: Error) =>
          log(`could not pass an elicitation completion to the host: ${error.message}`),
        );
    }
    pass();
  });
}

function completedId(message: JSONRPCMessage): string | undefined {
  if (!('method' in message) || 'id' in message || message.method !== 'notifications/elicitation/complete')
    return undefined;
  const id = message.params?.elicitationId;
  return typeof id === 'string' ? id : undefined;
}
