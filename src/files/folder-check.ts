// Whether a folder may hold what the project keeps. Planting a file needs write access to its
// folder (or to the file), so a folder is trusted only if no other user can write to it or to any
// folder above it (a sticky folder such as /tmp excepted: others cannot replace what is ours
// there), and a private folder must also be this user's own. Nothing found in an untrusted folder
// is read: the run stops and says which folder and what to do.
import type { Stats } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ElicitError } from '../contracts/elicit-error.js';

const GROUP_OTHER_WRITE = 0o022;
const STICKY = 0o1000;

/** `private`: the project's own 0700 folder; `holder`: a folder a person chose for a file. */
export type FolderRole = 'private' | 'holder';

/** This process's user id, or undefined where there is none (Windows: no owner or mode checks). */
export function ownUid(): number | undefined {
  return typeof process.getuid === 'function' ? process.getuid() : undefined;
}

/** Why `info` (a folder that holds our files) cannot be trusted, or undefined. */
export function folderProblem(info: Stats, role: FolderRole | 'above'): string | undefined {
  const me = ownUid();
  if (me === undefined) return undefined;
  if (info.isSymbolicLink()) return 'is a symbolic link, which is never followed';
  if (!info.isDirectory()) return 'is not a folder';
  const mode = (info.mode & 0o7777).toString(8).padStart(4, '0');
  if (role === 'private' && info.uid !== me) return `belongs to another user (uid ${info.uid})`;
  if (info.uid !== me && info.uid !== 0) return `belongs to another user (uid ${info.uid})`;
  const sticky = (info.mode & STICKY) !== 0 && role !== 'private';
  if ((info.mode & GROUP_OTHER_WRITE) !== 0 && !sticky) return `is writable by other users (mode ${mode})`;
  return undefined;
}

/** Why a file we are about to read or append to cannot be trusted, or undefined. */
export function fileProblem(info: Stats): string | undefined {
  const me = ownUid();
  if (me === undefined) return undefined;
  if (!info.isFile()) return 'is not a regular file';
  if (info.uid !== me) return `belongs to another user (uid ${info.uid})`;
  const mode = (info.mode & 0o777).toString(8).padStart(3, '0');
  if ((info.mode & GROUP_OTHER_WRITE) !== 0) return `is writable by other users (mode ${mode})`;
  return undefined;
}

/** Throws unless `dir` (not followed if it is a link) and every folder above it can be trusted. */
export async function assertTrustedFolder(dir: string, role: FolderRole): Promise<void> {
  if (ownUid() === undefined) return;
  // Links above the folder are resolved (a home on another disk); the folder itself is not followed.
  const real = join(await realpath(dirname(dir)), basename(dir));
  const leaf = folderProblem(await lstat(real), role);
  if (leaf !== undefined) throw untrusted(dir, leaf, role === 'private');
  for (let above = dirname(real); ; above = dirname(above)) {
    const problem = folderProblem(await lstat(above), 'above');
    if (problem !== undefined) throw untrusted(above, problem, false);
    if (dirname(above) === above) return;
  }
}

/** The refusal for an untrusted folder or file: what it is, why, and what to do. */
export function untrusted(path: string, problem: string, ownFolder: boolean): ElicitError {
  const todo = !ownFolder
    ? 'check it, then delete it or use a path of your own'
    : problem.startsWith('is writable')
      ? 'check what is in it, then delete it (it is created again, empty and private) or, if everything in it is yours, run chmod 700 on it'
      : 'delete it (it is created again, empty and private) or use a folder of your own';
  return new ElicitError(
    'config',
    `not using ${path}: it ${problem}, so anything in it could have been planted by someone else; ${todo}`,
  );
}
