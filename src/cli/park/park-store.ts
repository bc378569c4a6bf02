// The parked store (P-05): one 0600 JSON file per parked question, and the holders' sockets, in a
// 0700 folder under the user's state folder (never the era cache). A folder someone else owns, or
// that others may open, is refused rather than used: a socket or record there could be planted.
import { lstat, readdir, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { ElicitError } from '../../contracts/elicit-error.js';
import { ensurePrivateDir, readPrivateFile, writePrivateFile } from '../../files/private-file.js';
import type { ParkedQuestion } from '../../frontends/park/index.js';

/** A parked question as written to the store and printed: with its expiry and the command that answers it. */
export interface StoredQuestion extends ParkedQuestion {
  /** Epoch ms. */
  readonly expiresAt: number;
  /** The exact `mcp-elicit answer` command line to run (values to fill in). */
  readonly answer: string;
  /** Why it may expire sooner than --park-ttl said (a server's own limit). */
  readonly expiryNote?: string;
}

/** What the store keeps per question: the question, and the holder that can answer it. */
export interface ParkRecord {
  readonly version: 1;
  readonly question: StoredQuestion;
  readonly holder: { readonly pid: number; readonly socket: string };
  /** The original command asked for --json: an `answer` prints the way the call would have. */
  readonly json: boolean;
  /** The server finished this URL step itself (P-14): nothing is left to answer. */
  readonly completedBy?: 'server';
}

const RECORD_MAX_BYTES = 1024 * 1024;
/** The suffix of a question the server completed (P-14). */
const DONE = '.done';
/** What `crypto.randomBytes(16).toString('hex')` looks like; anything else is not an id. */
const ID_SHAPE = /^[0-9a-f]{32}$/;

/** $XDG_STATE_HOME/mcp-elicit/parked, else ~/.local/state/mcp-elicit/parked. */
export function parkDir(env: Readonly<Record<string, string | undefined>>): string {
  // A relative XDG_STATE_HOME is invalid and must be ignored (XDG Base Directory).
  const xdg = env.XDG_STATE_HOME && isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : undefined;
  const home = env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir();
  return join(xdg ?? join(home, '.local', 'state'), 'mcp-elicit', 'parked');
}

export function isParkId(id: string): boolean {
  return ID_SHAPE.test(id);
}

/** The store, its folder made (0700) or checked: ours, a real folder, closed to group and others. */
export async function openParkStore(env: Readonly<Record<string, string | undefined>>): Promise<ParkStore> {
  const dir = parkDir(env);
  await ensurePrivateDir(dir);
  // Both the folder and its parent: a parent others can write lets them swap the folder.
  for (const path of [join(dir, '..'), dir]) await checkPrivateDir(path);
  return new ParkStore(dir);
}

async function checkPrivateDir(path: string): Promise<void> {
  const info = await lstat(path);
  const uid = typeof process.getuid === 'function' ? process.getuid() : info.uid;
  const problem = !info.isDirectory()
    ? 'is not a folder (a link?)'
    : info.uid !== uid
      ? `belongs to another user (uid ${info.uid})`
      : (info.mode & 0o077) !== 0
        ? `is open to other users (mode ${(info.mode & 0o777).toString(8)}); make it 0700`
        : undefined;
  if (problem !== undefined)
    throw new ElicitError('config', `the parked-question folder ${path} ${problem}: refusing to use it`);
}

export class ParkStore {
  constructor(readonly dir: string) {}

  socketPath(holderId: string): string {
    return join(this.dir, `${holderId}.sock`);
  }

  async write(record: ParkRecord): Promise<void> {
    await writePrivateFile(this.#file(record.question.id), `${JSON.stringify(record)}\n`);
  }

  async read(id: string): Promise<ParkRecord | undefined> {
    if (!isParkId(id)) return undefined;
    const text = await readPrivateFile(this.#file(id), RECORD_MAX_BYTES);
    return text === undefined ? undefined : parseRecord(text, id);
  }

  async remove(id: string): Promise<void> {
    if (isParkId(id)) await rm(this.#file(id), { force: true });
  }

  /** A question the server completed is marked in a file of its own, never listed as waiting. */
  async writeCompleted(record: ParkRecord): Promise<void> {
    await writePrivateFile(this.#file(record.question.id, DONE), `${JSON.stringify(record)}\n`);
  }

  async readCompleted(id: string): Promise<ParkRecord | undefined> {
    if (!isParkId(id)) return undefined;
    const text = await readPrivateFile(this.#file(id, DONE), RECORD_MAX_BYTES);
    return text === undefined ? undefined : parseRecord(text, id);
  }

  async removeCompleted(id: string): Promise<void> {
    if (isParkId(id)) await rm(this.#file(id, DONE), { force: true });
  }

  /** Every record, oldest first; unreadable files are skipped. */
  async list(): Promise<ParkRecord[]> {
    const names = await readdir(this.dir);
    const ids = names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5));
    const records = await Promise.all(ids.map((id) => this.read(id)));
    return records
      .filter((record): record is ParkRecord => record !== undefined)
      .sort((a, b) => a.question.parkedAt - b.question.parkedAt);
  }

  #file(id: string, suffix = '.json'): string {
    return join(this.dir, `${id}${suffix}`);
  }
}

function parseRecord(text: string, id: string): ParkRecord | undefined {
  try {
    const record = JSON.parse(text) as ParkRecord;
    const ok =
      record.version === 1 &&
      record.question?.id === id &&
      typeof record.holder?.pid === 'number' &&
      typeof record.holder.socket === 'string';
    return ok ? record : undefined;
  } catch {
    return undefined;
  }
}
