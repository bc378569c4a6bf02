// Turns the bench's helper scripts into plain JS under .bench/build, so the baseline client runs as
// `node <file>.mjs` exactly like the CLI runs as `node dist/cli/bin.js` (no loader on either side).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import ts from 'typescript';

export async function compileScript(source: string, outDir: string): Promise<string> {
  const text = await readFile(source, 'utf8');
  const output = ts.transpileModule(text, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    fileName: source,
  });
  await mkdir(outDir, { recursive: true });
  const target = join(outDir, basename(source).replace(/\.ts$/, '.mjs'));
  await writeFile(target, output.outputText);
  return target;
}
