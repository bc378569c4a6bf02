import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { VERSION } from '../../src/connect/version.js';
import { root, runCli } from '../helpers/cli.js';

it('reports the version from package.json, with --version', async () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  assert.equal(VERSION, pkg.version);
  const run = await runCli(['--version']);
  assert.equal(run.status, 0);
  assert.equal(run.stdout.trim(), pkg.version);
});

it('exits 2 with a message naming the problem on a usage error, and --json reports it as JSON', async () => {
  const plain = await runCli(['call']);
  assert.equal(plain.status, 2);
  assert.match(plain.stderr, /call needs a tool name/);
  const json = await runCli(['--json', 'frobnicate', '--', 'x']);
  assert.equal(json.status, 2);
  const report = JSON.parse(json.stdout);
  assert.equal(report.ok, false);
  assert.deepEqual(report.elicitations, []);
  assert.equal(report.error.code, 'usage');
  assert.match(
    report.error.message,
    /^unknown command "frobnicate": use one of tools, call, prompts, prompt, resources, read, answer, pending, demo, proxy, /,
  );
});

it('exits 3 with the reason when the server cannot be started', async () => {
  const run = await runCli(['tools', '--', 'definitely-not-a-command-mcp-elicit']);
  assert.equal(run.status, 3, run.stderr);
  assert.match(run.stderr, /cannot connect to definitely-not-a-command-mcp-elicit/);
});
