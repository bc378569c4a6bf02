// node:child_process, loaded on first use: `import 'mcp-elicit'` starts no processes and should not
// load what starts them (issue 32); synchronous, so a caller's spawn happens when it is called.
import type * as ChildProcessModule from 'node:child_process';
import { createRequire } from 'node:module';

let loaded: typeof ChildProcessModule | undefined;

/** The `spawn` of node:child_process, loading that module the first time. */
export function spawnOnUse(): typeof ChildProcessModule.spawn {
  loaded ??= createRequire(import.meta.url)('node:child_process') as typeof ChildProcessModule;
  return loaded.spawn;
}
