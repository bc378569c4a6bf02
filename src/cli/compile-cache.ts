// The CLI keeps V8's compiled code between runs, which shortens every later start. Node >= 22.1
// does it for the CLI's ES module chunks (module.enableCompileCache). Node 20 cannot for ES
// modules: there a command loads the CLI's body as one CommonJS script through a V8 code cache
// (code-cache.ts), except the proxy, which runs long and so keeps the chunks' smaller memory
// (docs/performance.md). Either way the code is kept in a private folder: compiled code someone
// else could have written would run as ours.
import { lstatSync, mkdirSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { cacheDir } from '../connect/cache-dir.js';
import { folderProblem } from '../files/folder-check.js';
import { type CacheSlot, canCacheScripts } from './code-cache.js';
import { isCommand } from './command-table.js';

type Enable = (directory: string) => unknown;
const enable = (nodeModule as { enableCompileCache?: Enable }).enableCompileCache;

/** Turns Node's own compile cache on (Node >= 22.1) under the CLI's cache folder. */
export function enableCompileCache(env: NodeJS.ProcessEnv): void {
  // NODE_COMPILE_CACHE / NODE_DISABLE_COMPILE_CACHE are the user's own choice, honoured by Node.
  if (typeof enable !== 'function' || env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return;
  const folder = ownCompileFolder(env);
  if (folder !== undefined) enable(folder);
}

/**
 * Where this run of `argv` keeps the code cache of the CLI's CommonJS body, or undefined when it
 * loads the ES module chunks instead (Node's own cache, the proxy, or no cache to keep).
 */
export function codeCacheSlot(argv: readonly string[], env: NodeJS.ProcessEnv): CacheSlot | undefined {
  if (typeof enable === 'function' || env.NODE_DISABLE_COMPILE_CACHE || !canCacheScripts()) return undefined;
  const kind = commandWord(argv);
  if (kind === 'proxy') return undefined;
  const chosen = env.NODE_COMPILE_CACHE;
  const folder = chosen ? privateFolder([chosen]) : ownCompileFolder(env);
  return folder === undefined ? undefined : { folder, kind };
}

/** The command `argv` runs, as far as a glance can tell (an option's value may be taken for it). */
function commandWord(argv: readonly string[]): CacheSlot['kind'] {
  return argv.find((word) => isCommand(word)) ?? (argv[0] === '__park-holder' ? 'holder' : 'none');
}

/** compile/ in the CLI's cache folder, created private; undefined where either cannot be trusted. */
function ownCompileFolder(env: NodeJS.ProcessEnv): string | undefined {
  return privateFolder([cacheDir(env), join(cacheDir(env), 'compile')]);
}

/** The last of `folders` (each inside the one before), created 0700, if all are this user's alone. */
function privateFolder(folders: readonly string[]): string | undefined {
  const last = folders.at(-1);
  if (last === undefined) return undefined;
  try {
    // Created private like the rest of the folder; Node would create it with the umask's mode.
    mkdirSync(last, { recursive: true, mode: 0o700 });
    if (folders.some((dir) => folderProblem(lstatSync(dir), 'private') !== undefined)) return undefined;
    return last;
  } catch {
    // An unwritable cache folder costs speed, never the run.
    return undefined;
  }
}
