// Notifications both ways: whatever the upstream server announces (list changes, resource updates,
// log messages, ...) reaches the host as sent, and the host's (roots changes) reach upstream.
// Progress and cancellation are not here: the SDK maps them per request (forward-requests.ts).
import type { Client } from '@modelcontextprotocol/client';
import type { Server } from '@modelcontextprotocol/server';

/** Handled by each side's SDK or by the adapter itself, never forwarded as such. */
const LOCAL = new Set([
  'notifications/initialized',
  'notifications/progress',
  'notifications/cancelled',
  'notifications/elicitation/complete',
]);

export function forwardNotifications(server: Server, upstream: Client, log: (line: string) => void): void {
  upstream.fallbackNotificationHandler = async (notification) => {
    if (LOCAL.has(notification.method)) return;
    await server.notification(notification).catch((error: Error) => {
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
