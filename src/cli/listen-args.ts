// `proxy --listen <host>:<port>`: the URL face's address, loopback only (a proxy that lets a
// program reach the person's prompts must not be reachable from another machine), and its flags.
import { ElicitError } from '../contracts/elicit-error.js';
import { secondsOrOff } from './arg-values.js';
import type { OptionValues } from './options/index.js';

export interface ListenAddress {
  readonly host: '127.0.0.1' | '::1' | 'localhost';
  readonly port: number;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** `127.0.0.1:8080`, `[::1]:0`, `localhost:3000`; anything not loopback is a usage error. */
export function parseListen(text: string): ListenAddress {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text.trim());
  const host = (match?.[1] ?? match?.[2])?.toLowerCase();
  const port = Number(match?.[3]);
  if (!match || host === undefined || !(port >= 0 && port <= 65_535))
    throw new ElicitError('usage', `--listen takes <host>:<port>, e.g. 127.0.0.1:0 (got "${text}")`);
  if (!LOOPBACK.has(host))
    throw new ElicitError(
      'usage',
      `--listen must be a loopback address (127.0.0.1, [::1] or localhost), not "${host}": the proxy's prompts are for this machine only`,
    );
  return { host: host as ListenAddress['host'], port };
}

/** --session-idle: seconds a 2025 host session of the URL face may sit idle, or off. */
export function parseSessionIdle(text: string): number | false {
  return secondsOrOff(text, '--session-idle', 86_400);
}

/** --listen is proxy's; --token-file, --no-token and --session-idle go with it. */
export function checkListenFlags(v: OptionValues, command: string): void {
  const tokenFlag = v['token-file'] !== undefined || v['no-token'];
  if (v.listen !== undefined && command !== 'proxy')
    throw new ElicitError('usage', '--listen only applies to proxy');
  if (tokenFlag && v.listen === undefined)
    throw new ElicitError('usage', '--token-file and --no-token only apply to proxy --listen');
  if (v['session-idle'] !== undefined && v.listen === undefined)
    throw new ElicitError('usage', '--session-idle only applies to proxy --listen');
  if (v['token-file'] !== undefined && v['no-token'])
    throw new ElicitError('usage', '--token-file and --no-token cannot be used together');
  if (v.listen !== undefined && v['print-config'])
    throw new ElicitError('usage', '--print-config prints a stdio entry; it cannot be used with --listen');
}
