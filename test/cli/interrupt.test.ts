// Ctrl-C while a request is in flight (not in a form): the request is cancelled, the --json report
// still arrives whole, and the CLI exits 130.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { it } from 'node:test';
import { cliBin, freshCacheDir, root } from '../helpers/cli.js';
import { everythingStdioCommand } from '../helpers/servers.js';

it('Ctrl-C during a slow tool call cancels it, reports "interrupted" as JSON and exits 130', async () => {
  const server = everythingStdioCommand();
  const child = spawn(
    process.execPath,
    [
      cliBin,
      '--json',
      'call',
      'trigger-long-running-operation',
      '--args',
      '{"duration":30,"steps":30}',
      '--',
      server.command,
      ...server.args,
    ],
    {
      cwd: root,
      env: { ...process.env, MCP_ELICIT_CACHE_DIR: freshCacheDir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString('utf8');
  });
  const started = Date.now();
  setTimeout(() => child.kill('SIGINT'), 2500);
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(status, 130);
  assert.ok(Date.now() - started < 15_000, 'it did not wait for the 30 s tool');
  const report = JSON.parse(stdout) as { ok: boolean; error: { code: string } };
  assert.equal(report.ok, false);
  assert.equal(report.error.code, 'interrupted');
});
