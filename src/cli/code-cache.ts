// Node 20 has no compile cache (module.enableCompileCache came in 22.1): there the CLI's body is
// compiled through vm.Script, whose V8 code cache is kept in the CLI's private compile folder. A
// later run then skips parsing and compiling most of the 4 MB bundle (docs/performance.md).
import {
  closeSync,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import * as vm from 'node:vm';
import { fileProblem } from '../files/folder-check.js';
import { OPEN_CREATE, OPEN_READ } from '../files/open-flags.js';

type ImportLoader = NonNullable<vm.ScriptOptions['importModuleDynamically']>;
// Node >= 20.12: import() inside the script uses Node's own loader (the bundle imports `open`).
const MAIN_LOADER = (vm.constants as { USE_MAIN_CONTEXT_DEFAULT_LOADER?: ImportLoader } | undefined)
  ?.USE_MAIN_CONTEXT_DEFAULT_LOADER;

/** Where a code cache is kept, and which kind of run it serves. */
export interface CacheSlot {
  /** A private folder, already checked. */
  readonly folder: string;
  /**
   * The command word: each command keeps its own cache, since a cache holds the functions the run
   * that wrote it compiled (one written by `--version` would leave a `call` compiling most of its own).
   */
  readonly kind: string;
}

/** Whether this Node can run a cached script that imports an ES module (the bundle imports `open`). */
export function canCacheScripts(): boolean {
  return MAIN_LOADER !== undefined;
}

/**
 * Loads `file`, a CommonJS module already written inside CommonJS's function wrapper
 * (scripts/bundle-cli.mjs), as `require` would, through a code cache kept in `slot`. The cache
 * file's name carries `file`'s name, which carries a hash of its content, and this Node's version:
 * V8 itself checks only the source length.
 */
export function requireCached(file: string, slot: CacheSlot): unknown {
  const require = createRequire(file);
  const cacheFile = join(slot.folder, `${basename(file)}.${process.version}-${process.arch}.${slot.kind}.v8`);
  const cachedData = readCache(cacheFile);
  const source = readFileSync(file, 'utf8');
  const script = new vm.Script(source, { filename: file, cachedData, importModuleDynamically: MAIN_LOADER });
  // Written at exit, so the cache holds every function this run compiled, not only the top level.
  if (cachedData === undefined || script.cachedDataRejected === true)
    process.once('exit', () => writeCache(cacheFile, script, basename(file)));
  const module = { exports: {} as unknown };
  script.runInThisContext()(module.exports, require, module, file, dirname(file));
  return module.exports;
}

/** The cached code, or undefined when there is none or it could have been planted. */
function readCache(cacheFile: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(cacheFile, OPEN_READ);
  } catch {
    return undefined;
  }
  try {
    return fileProblem(fstatSync(fd)) === undefined ? readFileSync(fd) : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Replaces the cache file atomically, 0600, and removes the caches of other builds of the CLI; a
 * failure costs the next run's speed, never this run.
 */
function writeCache(cacheFile: string, script: vm.Script, body: string): void {
  const temp = `${cacheFile}.${process.pid}.tmp`;
  try {
    const fd = openSync(temp, OPEN_CREATE, 0o600);
    try {
      writeFileSync(fd, script.createCachedData());
    } finally {
      closeSync(fd);
    }
    renameSync(temp, cacheFile);
    const folder = dirname(cacheFile);
    for (const name of readdirSync(folder))
      if (/^cli-\w+\.cjs\..*\.v8$/.test(name) && !name.startsWith(`${body}.`)) rmSync(join(folder, name));
  } catch {
    rmSync(temp, { force: true });
  }
}
