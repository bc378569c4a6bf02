// `proxy --print-config`: the mcpServers entry that puts a configured server behind the proxy,
// with env, placeholders and headers kept as written.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCli } from '../helpers/cli.js';

describe('mcp-elicit proxy --print-config', () => {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-config-'));
  const file = join(dir, 'claude_desktop_config.json');
  writeFileSync(
    file,
    JSON.stringify({
      mcpServers: {
        github: {
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-github'],
          env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' },
        },
        remote: {
          type: 'http',
          url: 'https://mcp.example.com/mcp',
          headers: { Authorization: 'Bearer ${TOKEN}' },
        },
      },
    }),
  );

  it('wraps a stdio entry: same env, the command after --', async () => {
    const run = await runCli(['proxy', '--print-config', '--config', file, '--server', 'github']);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), {
      mcpServers: {
        github: {
          env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' },
          command: 'npx',
          args: [
            '-y',
            'mcp-elicit',
            'proxy',
            '--name',
            'github',
            '--',
            'npx',
            '-y',
            '@modelcontextprotocol/server-github',
          ],
        },
      },
    });
  });

  it('wraps an HTTP entry with --url and --header', async () => {
    const run = await runCli(['proxy', '--print-config', '--config', file, '--server', 'remote']);
    assert.equal(run.status, 0, run.stderr);
    const entry = (JSON.parse(run.stdout) as { mcpServers: Record<string, { args: string[] }> }).mcpServers
      .remote;
    assert.deepEqual(entry?.args.slice(3), [
      '--name',
      'remote',
      '--url',
      'https://mcp.example.com/mcp',
      '--header',
      'Authorization: Bearer ${TOKEN}',
    ]);
  });

  it('needs --config and --server, and names a missing server', async () => {
    const none = await runCli(['proxy', '--print-config', '--', 'node', 'x.js']);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /--print-config needs --config/);
    const missing = await runCli(['proxy', '--print-config', '--config', file, '--server', 'nope']);
    assert.notEqual(missing.status, 0);
    assert.match(missing.stderr, /no server "nope"/);
  });
});
