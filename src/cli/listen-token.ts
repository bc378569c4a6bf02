// The URL face's bearer token: read from --token-file, or made at random and shown once.
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { ElicitError } from '../contracts/elicit-error.js';

export interface ListenToken {
  /** Undefined with --no-token. */
  readonly token: string | undefined;
  /** How the startup line names it: the generated token itself, the file, or no token. */
  readonly shown: string;
}

/** --token-file's trimmed content, else a fresh random token (printed once), else none (--no-token). */
export async function listenToken(tokenFile: string | undefined, noToken: boolean): Promise<ListenToken> {
  if (noToken) return { token: undefined, shown: 'no token: any program on this machine may connect' };
  if (tokenFile === undefined) {
    const token = randomBytes(32).toString('base64url');
    return { token, shown: `Authorization: Bearer ${token}` };
  }
  return {
    token: await readTokenFile(tokenFile),
    shown: `Authorization: Bearer <the token in ${tokenFile}>`,
  };
}

async function readTokenFile(file: string): Promise<string> {
  const fail = (why: string) => new ElicitError('usage', `--token-file ${file}: ${why}`);
  const info = await stat(file).catch((error: Error) => {
    throw fail(error.message);
  });
  // Like ssh with a private key: a token others can read is no secret.
  if (process.platform !== 'win32' && (info.mode & 0o066) !== 0)
    throw fail('readable or writable by group or others; chmod 600 it');
  if (info.size > 64 * 1024) throw fail('over 64 KiB: not a token');
  const token = (await readFile(file, 'utf8')).trim();
  if (token === '' || /\s/.test(token)) throw fail('must hold one token (no spaces), and not be empty');
  return token;
}
