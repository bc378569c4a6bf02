// A lock shared between processes: a file created O_EXCL (never through a link) beside what it
// guards, holding the holder's pid and start time. Another process waits for it; a lock whose
// holder is gone (no such pid) or older than `staleMs` is removed and taken. Used so that of
// several processes with the same expired token, one refreshes and the others read its result.
import { lstat, open, readFile, rm } from 'node:fs/promises';
import { OPEN_CREATE, OPEN_READ } from './open-flags.js';
import { PRIVATE_FILE_MODE } from './private-file.js';

export interface FileLockOptions {
  /** A lock held longer than this is taken over (its holder hung). Default 60 s. */
  readonly staleMs?: number;
  /** How long to wait for the lock before going on without it. Default 90 s. */
  readonly waitMs?: number;
  /** How often to look again while waiting. Default 50 ms. */
  readonly pollMs?: number;
}

/** Runs `task` holding the lock at `file` (created in a folder the caller has checked). */
export async function withFileLock<T>(
  file: string,
  task: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const held = await acquire(file, options);
  try {
    return await task();
  } finally {
    if (held) await rm(file, { force: true });
  }
}

/** True when the lock was taken; false when waiting ran out (the task then runs unlocked). */
async function acquire(file: string, options: FileLockOptions): Promise<boolean> {
  const deadline = Date.now() + (options.waitMs ?? 90_000);
  for (;;) {
    try {
      const handle = await open(file, OPEN_CREATE, PRIVATE_FILE_MODE);
      await handle.writeFile(`${process.pid} ${Date.now()}\n`, 'utf8');
      await handle.close();
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await stale(file, options.staleMs ?? 60_000)) {
      await rm(file, { force: true });
      continue;
    }
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 50));
  }
}

async function stale(file: string, staleMs: number): Promise<boolean> {
  let text: string;
  try {
    text = await readFile(file, { encoding: 'utf8', flag: OPEN_READ });
  } catch {
    return false; // gone already (taken and released), or unreadable: look again
  }
  const [pid, since] = text.trim().split(' ').map(Number);
  // Not filled in (its creator is between open and write, or died there): judged by its age.
  if (pid === undefined || since === undefined || !Number.isInteger(pid) || !Number.isFinite(since)) {
    const info = await lstat(file).catch(() => undefined);
    return info !== undefined && Date.now() - info.mtimeMs > staleMs;
  }
  return Date.now() - since > staleMs || !alive(pid);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
