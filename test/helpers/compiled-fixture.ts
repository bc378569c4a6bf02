// A TypeScript fixture started as a process costs about 1 s of CPU under `--import tsx` (its loader
// thread resolves and transforms every module) and a third of that as one JavaScript file: the
// suite starts fixture servers hundreds of times on 2 cores. Each fixture is bundled once per test
// process with esbuild (what tsx transforms with), its packages left as imports, into
// node_modules/.cache so that they resolve from the checkout's node_modules.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

export interface NodeCommand {
  readonly command: string;
  readonly args: string[];
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const cacheDir = join(root, 'node_modules', '.cache', 'mcp-elicit-fixtures');
const built = new Map<string, string>();
// The bundle's own file stands for every module it holds: only the "am I the entry" check may use it.
const ENTRY_CHECK = /import\.meta\.url === pathToFileURL\(process\.argv\[1\][^)]*\)\.href/g;

/** The bundled JavaScript of `file` (relative to the checkout), or undefined where it cannot stand in. */
function compiledFixture(file: string): string | undefined {
  if (built.has(file)) return built.get(file);
  const text = bundle(file);
  const usable = !text.replace(ENTRY_CHECK, '').includes('import.meta');
  const path = usable ? store(file, text) : undefined;
  if (path !== undefined) built.set(file, path);
  return path;
}

/** `node <file>` from its bundle, or under tsx where a module finds files beside its own source. */
export function fixtureCommand(file: string): NodeCommand {
  const compiled = compiledFixture(file);
  return {
    command: process.execPath,
    args: compiled === undefined ? ['--import', 'tsx', join(root, file)] : [compiled],
  };
}

function bundle(file: string): string {
  const result = buildSync({
    entryPoints: [join(root, file)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0]?.text ?? '';
}

// Named by content, written then renamed: test files running at once share identical bundles.
function store(file: string, text: string): string {
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const path = join(cacheDir, `${basename(file, '.ts')}-${hash}.mjs`);
  if (existsSync(path)) return path;
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, text);
  renameSync(partial, path);
  return path;
}
