// How the project opens its own files, written once: a link at a file's name is never followed
// (O_NOFOLLOW), a FIFO planted there must not block a read or an append (O_NONBLOCK), and a new
// file is created O_EXCL. Windows has no O_NOFOLLOW (nor owners to check): 0 leaves the flag out.
import { constants } from 'node:fs';

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/** Reading a file the caller then checks on its open handle. */
export const OPEN_READ = constants.O_RDONLY | NOFOLLOW | NONBLOCK;
/** Appending to a file, created if missing. */
export const OPEN_APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NOFOLLOW | NONBLOCK;
/** Creating a new file, never an existing one. */
export const OPEN_CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW;
