// `proxy --print-config`: the mcpServers entry that puts a configured server behind the proxy,
// with env, placeholders and headers kept as written.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { envStdioCommand } from '../helpers/servers.js';
import { startHost } from './_host.js';

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

  it('wraps a stdio entry: same env, each env name passed on, the command after --', async () => {
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
            '--pass-env',
            'GITHUB_TOKEN',
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

  it('runs as printed: the server behind the proxy gets the entry env and nothing else the host passed', async () => {
    const server = envStdioCommand();
    const config = join(dir, 'env-config.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          fixture: { command: server.command, args: server.args, env: { API_KEY: '${API_KEY}' } },
        },
      }),
    );
    const printed = await runCli(['proxy', '--print-config', '--config', config, '--server', 'fixture']);
    assert.equal(printed.status, 0, printed.stderr);
    const entry = (JSON.parse(printed.stdout) as { mcpServers: { fixture: { args: string[] } } }).mcpServers
      .fixture;
    assert.deepEqual(entry.args.slice(0, 3), ['-y', 'mcp-elicit', 'proxy']);
    // A host substitutes the entry's env and hands it to the proxy; here it also leaks a stray token.
    const host = await startHost({
      proxyArgs: entry.args.slice(3),
      env: { API_KEY: 'k123', SECRET_TOKEN_X: 'hunter2' },
    });
    try {
      const result = await host.client.callTool({ name: 'environment', arguments: {} });
      const text = (result.content as { type: string; text: string }[])[0]?.text ?? '{}';
      const seen = JSON.parse(text) as Record<string, string>;
      assert.equal(seen.API_KEY, 'k123', 'the entry env reaches the server');
      assert.equal(seen.SECRET_TOKEN_X, undefined, 'what the entry does not name stays with the proxy');
    } finally {
      await host.close();
    }
  });
});
