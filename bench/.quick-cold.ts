import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { compileScript } from './compile.js';
import { measureProcesses } from './process-runs.js';
const root = join(import.meta.dirname, '..');
const scratch = join(root, '.bench', 'quick');
await mkdir(scratch, { recursive: true });
const build = join(scratch, 'build');
const setup = {
  root, cliBin: join(root, 'dist', 'cli', 'bin.js'),
  minimalClient: await compileScript(join(root, 'bench', 'minimal-client.ts'), build),
  rssProbe: await compileScript(join(root, 'bench', 'rss-probe.ts'), build),
  spawnCounter: await compileScript(join(root, 'bench', 'spawn-counter.ts'), build),
  serverScript: join(root, 'dist', 'demo', 'main.js'), tool: 'survey', scratch,
};
const which = process.argv[2] ?? 'legacy';
const scenarios: Record<string, any> = {
  legacy: { id: 'legacy', label: 'legacy', cliArgs: ['--protocol', 'legacy'], minimalEra: 'legacy', cache: 'none', baseline: 'legacy' },
  cold: { id: 'auto-cold', label: 'cold', cliArgs: [], minimalEra: 'auto+in-place', cache: 'cold', baseline: 'auto in place' },
  warm: { id: 'auto-warm', label: 'warm', cliArgs: [], minimalEra: 'modern+in-place', cache: 'warm', baseline: 'pin' },
};
const r = await measureProcesses(setup, scenarios[which], Number(process.argv[3] ?? 10));
if (r.error) console.log(r.error);
else console.log(which, 'cli', r.cli!.wallMs, 'minimal', r.minimal!.wallMs, 'ratio', (r.cli!.wallMs / r.minimal!.wallMs).toFixed(3), JSON.stringify(r.cli!.wallMsAll), JSON.stringify(r.minimal!.wallMsAll));
