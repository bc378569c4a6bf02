// Reads the browser front-end's launch page (a 0600 file only the person's account can read): the
// loopback address and single-use token it forwards to, as the person's browser would.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The `http://127.0.0.1:<port>/?t=<token>` address the launch page at `launch` forwards to. */
export function forwarded(launch: string): URL {
  const page = readFileSync(fileURLToPath(launch), 'utf8');
  return new URL(/http-equiv="refresh" content="0;url=([^"]+)"/.exec(page)?.[1] ?? 'invalid:');
}

/** The single-use token in the launch page at `launch`. */
export function launchToken(launch: string): string {
  return forwarded(launch).searchParams.get('t') ?? '';
}
