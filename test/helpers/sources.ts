// The source files below a folder, for the tests that scan the tree (test/architecture/).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.ts` file below `dir`, in a stable order. */
export function listSources(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) return listSources(full);
      return name.endsWith('.ts') ? [full] : [];
    });
}
