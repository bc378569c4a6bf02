// Files the CLI writes (the era cache, logs, the sign-in store) may name servers, hosts and what was answered: they are
// readable by their owner only. Folders the CLI creates are 0700, files 0600, and a file found with
// wider permissions is tightened when it is next read or written.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dir` (and missing parents) 0700. An existing folder is left as it is unless `tighten`
 * (a folder the project owns, such as its cache folder): then group and other access are removed.
 */
export async function ensurePrivateDir(dir: string, options: { tighten?: boolean } = {}): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (options.tighten) await tightenMode(dir, PRIVATE_DIR_MODE);
}

/** Replaces `file` atomically with `data`, 0600 whatever mode the old file had (rename, not rewrite). */
export async function writePrivateFile(file: string, data: string): Promise<void> {
  await ensurePrivateDir(dirname(file));
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  // `wx`: never follow a link or reuse a file someone else planted under the temporary name.
  const handle = await open(temp, 'wx', PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(data, 'utf8');
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Appends to `file` (created 0600; an existing one is tightened to 0600 first). */
export async function appendPrivateFile(file: string, data: string): Promise<void> {
  await ensurePrivateDir(dirname(file));
  const handle = await open(file, 'a', PRIVATE_FILE_MODE);
  try {
    await fixHandleMode(handle);
    await handle.appendFile(data, 'utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Reads `file` if it exists and is at most `maxBytes` long (undefined otherwise), tightening an
 * existing file to 0600 on the way.
 */
export async function readPrivateFile(file: string, maxBytes: number): Promise<string | undefined> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size > maxBytes) return undefined;
    await fixHandleMode(handle).catch(() => {});
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

async function fixHandleMode(handle: Awaited<ReturnType<typeof open>>): Promise<void> {
  const info = await handle.stat();
  if (isOwn(info.uid) && (info.mode & 0o077) !== 0) await handle.chmod(PRIVATE_FILE_MODE);
}

async function tightenMode(path: string, mode: number): Promise<void> {
  const info = await stat(path);
  // Never a shared folder (sticky bit, as /tmp) or someone else's.
  if (isOwn(info.uid) && (info.mode & 0o1000) === 0 && (info.mode & 0o077) !== 0) await chmod(path, mode);
}

function isOwn(uid: number): boolean {
  return typeof process.getuid !== 'function' || process.getuid() === uid;
}
