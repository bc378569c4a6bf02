// Node >= 22.1 can keep V8's compiled code of the CLI's chunks between runs (module.enableCompileCache),
// which shortens every later start. Node 20 has no such switch: there the CLI runs without it.
import { lstatSync, mkdirSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { cacheDir } from '../connect/cache-dir.js';
import { folderProblem } from '../files/folder-check.js';

type Enable = (directory: string) => unknown;

/** Turns the compile cache on under the CLI's cache folder; does nothing where Node cannot. */
export function enableCompileCache(env: NodeJS.ProcessEnv): void {
  const enable = (nodeModule as { enableCompileCache?: Enable }).enableCompileCache;
  // NODE_COMPILE_CACHE / NODE_DISABLE_COMPILE_CACHE are the user's own choice, honoured by Node.
  if (typeof enable !== 'function' || env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return;
  try {
    const directory = join(cacheDir(env), 'compile');
    // Created private like the rest of the folder; Node would create it with the umask's mode.
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    // Compiled code found where someone else could have written it would run as ours: not used.
    if ([cacheDir(env), directory].some((dir) => folderProblem(lstatSync(dir), 'private') !== undefined))
      return;
    enable(directory);
  } catch {
    // An unwritable cache folder costs speed, never the run.
  }
}
