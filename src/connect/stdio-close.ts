// MCP lifecycle, stdio shutdown: close the server's stdin, wait for it to exit, and send SIGTERM if
// it does not within a reasonable time. The SDK's close waits 2 s before that SIGTERM; a server that
// idles on a timer after its input ends (server-everything: 350 ms) would hold every CLI run that long.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@modelcontextprotocol/client';
import { stdioChild } from '../mcp/sdk-seam.js';

/** How long a stdio server may take to exit on its own once its stdin is closed. */
export const STDIO_EXIT_GRACE_MS = 100;

/** Resolves when the grace period is over; aborted once the server has exited. */
export type Grace = (signal: AbortSignal) => Promise<void>;

const timedGrace: Grace = (signal) => sleep(STDIO_EXIT_GRACE_MS, undefined, { signal, ref: false });

/**
 * Closes `client` (the SDK ends the server's stdin and waits for it); a server still running when
 * `grace` ends gets SIGTERM then, and the SDK's own SIGKILL after its 2 s still bounds the rest.
 */
export async function closeStdioClient(client: Client, grace: Grace = timedGrace): Promise<void> {
  const child = client.transport === undefined ? undefined : stdioChild(client.transport);
  const done = new AbortController();
  const closing = client.close().finally(() => done.abort());
  if (child !== undefined) {
    grace(done.signal).then(
      () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      },
      () => {}, // aborted: the server exited within the grace
    );
  }
  await closing;
}
