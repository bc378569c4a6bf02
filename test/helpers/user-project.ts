// A CommonJS program's folder as a user of the package has it: mcp-elicit and the SDK client in
// its node_modules (links to this checkout's), and the files it is given.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './cli.js';

/** A temp folder with `files` written in it; the caller removes it. */
export function userProject(prefix: string, files: Readonly<Record<string, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'user', type: 'commonjs' }));
  mkdirSync(join(dir, 'node_modules/@modelcontextprotocol'), { recursive: true });
  symlinkSync(root, join(dir, 'node_modules/mcp-elicit'));
  symlinkSync(
    join(root, 'node_modules/@modelcontextprotocol/client'),
    join(dir, 'node_modules/@modelcontextprotocol/client'),
  );
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** Runs node on `file` in `cwd`, capturing its output. */
export function runNode(cwd: string, args: readonly string[], timeout = 90_000) {
  const run = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', timeout });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
