// The source files below a folder, for the tests that scan the tree (test/architecture/).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file below `dir` ending in one of `endings` (`.ts` alone by default), in a stable order. */
export function listSources(dir: string, endings: readonly string[] = ['.ts']): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) return listSources(full, endings);
      return endings.some((ending) => name.endsWith(ending)) ? [full] : [];
    });
}
