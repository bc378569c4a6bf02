// Ctrl-C while a request is in flight, in a form or not: the request is cancelled, an open form
// ends as interrupted, the --json report still arrives whole, and the CLI exits 130.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { it } from 'node:test';
import { cliBin, freshCacheDir, root } from '../helpers/cli.js';
import { everythingStdioCommand } from '../helpers/servers.js';
import { within } from '../helpers/within.js';

it('Ctrl-C during a slow tool call cancels it, reports "interrupted" as JSON and exits 130', async () => {
  const server = everythingStdioCommand();
  const child = spawn(
    process.execPath,
    [
      cliBin,
      '--json',
      // --verbose prints the server's progress: the first line says the call is running upstream.
      '--verbose',
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
  let stderr = '';
  const running = new Promise<void>((resolve) => {
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
      if (/progress 1\//.test(stderr)) resolve();
    });
  });
  const started = Date.now();
  await within(20_000, 'the first progress line of the slow tool', running);
  child.kill('SIGINT');
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(status, 130);
  assert.ok(Date.now() - started < 15_000, 'it did not wait for the 30 s tool');
  const report = JSON.parse(stdout) as { ok: boolean; error: { code: string } };
  assert.equal(report.ok, false);
  assert.equal(report.error.code, 'interrupted');
});

it('Ctrl-C in a line-mode form ends it as cancel (interrupted), not "withdrawn by the server", and exits 130', async () => {
  const server = everythingStdioCommand();
  const child = spawn(
    process.execPath,
    [
      cliBin,
      '--ui',
      'plain',
      '--json',
      'call',
      'trigger-elicitation-request',
      '--',
      server.command,
      ...server.args,
    ],
    {
      cwd: root,
      env: { ...process.env, MCP_ELICIT_CACHE_DIR: freshCacheDir() },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  let pressed = false;
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString('utf8');
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString('utf8');
    // The person presses Ctrl-C once the form asks its first question.
    if (pressed || !/Field 1 of/.test(stderr)) return;
    pressed = true;
    child.kill('SIGINT');
  });
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(status, 130);
  assert.match(stderr, /You interrupted mcp-elicit \(Ctrl-C\)/);
  assert.doesNotMatch(stderr, /withdrew/);
  const report = JSON.parse(stdout) as { elicitations: { action: string; reason?: string }[] };
  assert.deepEqual(
    report.elicitations.map((e) => [e.action, e.reason]),
    [['cancel', 'interrupted']],
  );
});
