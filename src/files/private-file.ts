// Files the project keeps (the sign-in store, the era cache, logs, records) may name servers and
// hold tokens: folders it creates are 0700, files 0600, and nothing is trusted that someone else
// could have planted. A folder writable by another user (or not ours, for a private one) is
// refused (folder-check.ts); a link at a file's name is never followed (O_NOFOLLOW), a new file is
// created O_EXCL, and the owner and type of every file are checked on the open handle (fstat).
import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { assertTrustedFolder, fileProblem, ownUid, untrusted } from './folder-check.js';
import { OPEN_APPEND, OPEN_CREATE, OPEN_READ } from './open-flags.js';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

type Handle = Awaited<ReturnType<typeof open>>;

/**
 * Creates `dir` (and missing parents) 0700 and checks it is this user's, writable by nobody else,
 * and so is every folder above it (ElicitError `config` otherwise, naming the folder). With
 * `tighten` (a folder the project owns), read access of others is removed.
 */
export async function ensurePrivateDir(dir: string, options: { tighten?: boolean } = {}): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await assertTrustedFolder(dir, 'private');
  if (options.tighten) await tightenFolder(dir);
}

/** Replaces `file` atomically with `data`, 0600 (a new file created O_EXCL, then renamed over it). */
export async function writePrivateFile(file: string, data: string): Promise<void> {
  await ensureHolder(dirname(file));
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temp, OPEN_CREATE, PRIVATE_FILE_MODE);
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

/** Appends to `file` (created 0600; an existing one must be ours, and is tightened to 0600). */
export async function appendPrivateFile(file: string, data: string): Promise<void> {
  await ensureHolder(dirname(file));
  const handle = await openChecked(file, OPEN_APPEND);
  try {
    await handle.appendFile(data, 'utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Reads `file`: undefined when it (or its folder) does not exist or it is over `maxBytes`; an
 * ElicitError when it or its folder could have been planted (a link, another owner, writable by
 * others). An existing file readable by others is tightened to 0600 on the way.
 */
export async function readPrivateFile(file: string, maxBytes: number): Promise<string | undefined> {
  if (!(await exists(dirname(file)))) return undefined;
  await assertTrustedFolder(dirname(file), 'holder');
  let handle: Handle;
  try {
    handle = await openChecked(file, OPEN_READ);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    if ((await handle.stat()).size > maxBytes) return undefined;
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/** Opens `file` without following a link, then checks type and owner on the handle (fstat). */
async function openChecked(file: string, flags: number): Promise<Handle> {
  let handle: Handle;
  try {
    handle = await open(file, flags, PRIVATE_FILE_MODE);
  } catch (error) {
    // ELOOP is what O_NOFOLLOW gives for a link (EMLINK on some BSDs).
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK')
      throw untrusted(file, 'is a symbolic link, which is never followed', false);
    throw error;
  }
  try {
    const info = await handle.stat();
    const problem = fileProblem(info);
    if (problem !== undefined) throw untrusted(file, problem, false);
    if ((info.mode & 0o077) !== 0) await handle.chmod(PRIVATE_FILE_MODE);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** The folder a file goes in: created 0700 when missing, and trusted (see folder-check.ts). */
async function ensureHolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await assertTrustedFolder(dir, 'holder');
}

async function tightenFolder(dir: string): Promise<void> {
  const info = await lstat(dir);
  if (info.uid === ownUid() && (info.mode & 0o077) !== 0) await chmod(dir, PRIVATE_DIR_MODE);
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}
