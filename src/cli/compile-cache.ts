// The CLI keeps V8's compiled code of its body between runs, which shortens every later start:
// Node >= 22.1 through module.enableCompileCache, Node 20 through code-cache.ts. Either way the code
// is kept in a private folder: compiled code someone else could have written would run as ours.
import { lstatSync, mkdirSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { cacheDir } from '../connect/cache-dir.js';
import { folderProblem } from '../files/folder-check.js';
import { type CacheSlot, requireCached } from './code-cache.js';
import { isCommand } from './command-table.js';

type Enable = (directory: string) => unknown;
const enable = (nodeModule as { enableCompileCache?: Enable }).enableCompileCache;

/**
 * Loads the CommonJS file `file` (the CLI's body) to run the command line `argv`, through a compile
 * cache where one can be kept.
 */
export function loadCompiled(file: string, argv: readonly string[], env: NodeJS.ProcessEnv): unknown {
  if (env.NODE_DISABLE_COMPILE_CACHE) return nodeModule.createRequire(file)(file);
  if (typeof enable === 'function') {
    // NODE_COMPILE_CACHE is the user's own choice, which Node has already honoured.
    const folder = env.NODE_COMPILE_CACHE ? undefined : ownCompileFolder(env);
    if (folder !== undefined) enable(folder);
    return nodeModule.createRequire(file)(file);
  }
  const chosen = env.NODE_COMPILE_CACHE;
  const folder = chosen ? privateFolder([chosen]) : ownCompileFolder(env);
  return requireCached(file, folder === undefined ? undefined : { folder, kind: commandWord(argv) });
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
