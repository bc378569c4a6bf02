// The private sign-in store: one 0600 JSON file per server and client identity in a 0700 folder,
// each replaced whole through a temporary file and a rename. It holds client registrations and
// tokens per authorization server, the sign-in in progress and the discovery state; never the era
// cache. Listing shows who is signed in where and until when, never a token.
import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ElicitError } from '../contracts/elicit-error.js';
import { ensurePrivateDir, readPrivateFile, writePrivateFile } from '../files/private-file.js';
import { authStoreDir } from './store-dir.js';
import { type AuthRecord, emptyRecord, recordProblem } from './store-record.js';

export type { AuthRecord, IssuerRecord, PendingSignIn, SavedTokens } from './store-record.js';

/** A store file is small; anything larger is not ours to parse. */
const MAX_FILE_BYTES = 256 * 1024;

/** Which stored sign-in: the server (canonical URL) and the client identity used with it. */
export interface AuthKey {
  /** Canonical URL of the MCP server. */
  readonly server: string;
  /** `dynamic` (registered on the fly or by CIMD), or `id:<client id>` for pre-registered credentials. */
  readonly client: string;
}

/** One line of `auth status`: never a token. */
export interface AuthEntrySummary {
  /** Canonical URL of the MCP server. */
  readonly server: string;
  /** The client identity (`dynamic`, `id:<client id>`). */
  readonly client: string;
  /** The authorization server's issuer, when one was used. */
  readonly issuer?: string;
  /** True when an access token is stored (it may have expired; see `expiresAt`). */
  readonly signedIn: boolean;
  /** Epoch milliseconds when the access token expires, when known. */
  readonly expiresAt?: number;
  /** True when a refresh token is stored. */
  readonly refreshable: boolean;
  /** The store file, for a person to inspect or delete. */
  readonly file: string;
  /** Set when the file could not be read as a store entry; the other fields are then partial. */
  readonly problem?: string;
}

/** The private folder of sign-in state; see `authStoreDir` for where it is. */
export class AuthStore {
  /** The folder the store lives in. */
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** The store for this environment: $MCP_ELICIT_AUTH_DIR, else the XDG state folder. */
  static forEnv(env: Readonly<Record<string, string | undefined>> = process.env): AuthStore {
    return new AuthStore(authStoreDir(env));
  }

  /** The file for `key` (a hash: the folder listing names no server). */
  fileFor(key: AuthKey): string {
    const hash = createHash('sha256')
      .update(JSON.stringify([key.server, key.client]))
      .digest('hex');
    return join(this.dir, `${hash.slice(0, 40)}.json`);
  }

  /** The record for `key`, empty when none is stored; a corrupt file is a clear error. */
  async load(key: AuthKey): Promise<AuthRecord> {
    await ensurePrivateDir(this.dir, { tighten: true });
    const file = this.fileFor(key);
    const record = await readRecord(file);
    if (record === undefined) return emptyRecord(key.server, key.client);
    if ('problem' in record) throw record.refused ?? corrupt(file, record.problem);
    // A file copied under another key's name is not this server's.
    if (record.server !== key.server || record.client !== key.client)
      throw corrupt(file, 'belongs to another server');
    return record;
  }

  /** Replaces the record for its key. */
  async save(record: AuthRecord): Promise<void> {
    await ensurePrivateDir(this.dir, { tighten: true });
    await writePrivateFile(this.fileFor(record), `${JSON.stringify(record)}\n`);
  }

  /** Every stored sign-in, one line per server, client and issuer. */
  async list(): Promise<AuthEntrySummary[]> {
    const names = (await this.#names()).sort();
    const entries: AuthEntrySummary[] = [];
    for (const name of names) {
      const file = join(this.dir, name);
      const record = await readRecord(file);
      if (record === undefined) continue;
      if ('problem' in record) {
        entries.push({
          server: '?',
          client: '?',
          signedIn: false,
          refreshable: false,
          file,
          problem: record.problem,
        });
        continue;
      }
      entries.push(...summarise(record, file));
    }
    return entries;
  }

  /** Deletes the stored sign-ins of `server` (every one when omitted); returns how many files went. */
  async delete(filter: { server?: string } = {}): Promise<number> {
    const names = await this.#names();
    let deleted = 0;
    for (const name of names) {
      const file = join(this.dir, name);
      if (filter.server !== undefined) {
        const record = await readRecord(file);
        if (record === undefined || 'problem' in record || record.server !== filter.server) continue;
      }
      await rm(file, { force: true });
      deleted++;
    }
    return deleted;
  }

  /** The store files, none when the folder does not exist; an untrusted folder is refused. */
  async #names(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    // Nothing in a folder someone else could write to is listed, read or acted on.
    await ensurePrivateDir(this.dir, { tighten: true });
    return names.filter((name) => /^[0-9a-f]{40}\.json$/.test(name));
  }
}

type Unreadable = { problem: string; refused?: ElicitError };

async function readRecord(file: string): Promise<AuthRecord | Unreadable | undefined> {
  let text: string | undefined;
  try {
    text = await readPrivateFile(file, MAX_FILE_BYTES);
  } catch (error) {
    // A planted file (a link, another owner's) is refused with the helper's own sentence.
    if (error instanceof ElicitError) return { problem: error.message, refused: error };
    return { problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'is not valid JSON' };
  }
  const problem = recordProblem(value);
  return problem === undefined ? (value as AuthRecord) : { problem: `is not a sign-in record (${problem})` };
}

function summarise(record: AuthRecord, file: string): AuthEntrySummary[] {
  const issuers = Object.entries(record.issuers);
  if (issuers.length === 0)
    return [{ server: record.server, client: record.client, signedIn: false, refreshable: false, file }];
  return issuers.map(([issuer, entry]) => ({
    server: record.server,
    client: record.client,
    issuer,
    signedIn: entry.tokens !== undefined,
    ...(entry.tokens?.expiresAt !== undefined && { expiresAt: entry.tokens.expiresAt }),
    refreshable: typeof entry.tokens?.tokens.refresh_token === 'string',
    file,
  }));
}

function corrupt(file: string, problem: string): ElicitError {
  return new ElicitError(
    'sign-in-failed',
    `the sign-in store file ${file} ${problem}; delete it (or run mcp-elicit auth logout) and sign in again`,
  );
}
