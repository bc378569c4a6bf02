// `proxy --print-config`: the mcpServers entry that puts a configured server behind the proxy,
// with env, placeholders and headers kept as written.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cliBin, root, runCli } from '../helpers/cli.js';
import { envStdioCommand } from '../helpers/servers.js';
import { startHost } from './_host.js';
import { startAsPrinted } from './_printed.js';

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

  it('wraps a stdio entry: this mcp-elicit by absolute path (never a registry name), same env, each env name passed on, the command after --', async () => {
    const run = await runCli(['proxy', '--print-config', '--config', file, '--server', 'github']);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), {
      mcpServers: {
        github: {
          env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' },
          command: process.execPath,
          args: [
            cliBin,
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
    assert.deepEqual(entry?.args.slice(2), [
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
    assert.deepEqual(entry.args.slice(0, 2), [cliBin, 'proxy']);
    // A host substitutes the entry's env and hands it to the proxy; here it also leaks a stray token.
    const host = await startHost({
      proxyArgs: entry.args.slice(2),
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

  it('keeps --elicit, --ui and the answer flags, with file names made absolute', async () => {
    const answers = join(dir, 'answers.json');
    writeFileSync(answers, '[]');
    const run = await runCli(
      [
        'proxy',
        '--print-config',
        '--config',
        file,
        '--server',
        'github',
        '--elicit',
        'self',
        '--answers',
        'answers.json',
        '--set',
        'name=Ada',
        '--accept-defaults',
        '--rate-limit',
        'off',
      ],
      { cwd: dir },
    );
    assert.equal(run.status, 0, run.stderr);
    const entry = (JSON.parse(run.stdout) as { mcpServers: { github: { args: string[] } } }).mcpServers
      .github;
    const own = entry.args.slice(0, entry.args.indexOf('--'));
    assert.deepEqual(own, [
      cliBin,
      'proxy',
      '--name',
      'github',
      '--elicit',
      'self',
      '--answers',
      answers,
      '--set',
      'name=Ada',
      '--accept-defaults',
      '--rate-limit',
      'off',
      '--pass-env',
      'GITHUB_TOKEN',
    ]);
    const bad = await runCli([
      'proxy',
      '--print-config',
      '--config',
      file,
      '--server',
      'github',
      '--elicit',
      'x',
    ]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--elicit must be one of auto, host, self/);
  });

  it('the printed entry runs as a host starts it: its command and args only, with HOME, PATH, SHELL and TERM, from another folder', async () => {
    // The built demo server: plain JavaScript, so it starts from any folder.
    const demo = join(root, 'dist', 'demo', 'main.js');
    const config = join(dir, 'demo-config.json');
    writeFileSync(
      config,
      JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: [demo] } } }),
    );
    const printed = await runCli([
      'proxy',
      '--print-config',
      '--config',
      config,
      '--server',
      'echo',
      '--elicit',
      'self',
      '--accept-defaults',
    ]);
    assert.equal(printed.status, 0, printed.stderr);
    const entry = (
      JSON.parse(printed.stdout) as { mcpServers: { echo: { command: string; args: string[] } } }
    ).mcpServers.echo;
    assert.ok(!JSON.stringify(entry).includes('npx'), 'no registry name in the entry');
    // Hosts start servers with almost no environment and in a folder of their own; an empty PATH
    // proves the command does not depend on finding anything there.
    const { client, stderr } = await startAsPrinted(entry, {});
    try {
      const result = await client.callTool({ name: 'confirm', arguments: {} }).catch((error: unknown) => {
        throw new Error(`${String(error)}\nproxy stderr:\n${stderr()}`);
      });
      assert.match(
        JSON.stringify(result.content),
        /confirmed/,
        `the printed --accept-defaults answered:\n${stderr()}`,
      );
    } finally {
      await client.close();
    }
  });

  it('carries every option that changes what the proxy does: an answers file that reads a variable runs as printed (H-35)', async () => {
    const demo = join(root, 'dist', 'demo', 'main.js');
    const config = join(dir, 'env-config.json');
    writeFileSync(
      config,
      JSON.stringify({ mcpServers: { demo: { command: process.execPath, args: [demo] } } }),
    );
    const answers = join(dir, 'env-answers.json');
    const content = { name: { $env: 'PROFILE_NAME' }, email: 'ada@example.com' };
    writeFileSync(answers, JSON.stringify([{ action: 'accept', content }]));
    const printed = await runCli([
      'proxy',
      '--print-config',
      '--config',
      config,
      '--server',
      'demo',
      '--elicit',
      'self',
      '--answers',
      answers,
      '--accept-defaults',
      '--allow-env',
      'PROFILE_NAME',
      '--env',
      'PROFILE_NAME=Ada From Env',
      '--pass-env',
      'LANG',
      '--timeout',
      '30',
      '--task-timeout',
      '10m',
      '--protocol',
      'legacy',
      '--no-era-cache',
    ]);
    assert.equal(printed.status, 0, printed.stderr);
    const entry = (
      JSON.parse(printed.stdout) as {
        mcpServers: { demo: { command: string; args: string[]; env: Record<string, string> } };
      }
    ).mcpServers.demo;
    const words = entry.args.join(' ');
    for (const kept of [
      '--allow-env PROFILE_NAME',
      '--pass-env LANG',
      '--pass-env PROFILE_NAME',
      '--timeout 30',
      '--task-timeout 600s',
      '--protocol legacy',
      '--no-era-cache',
    ])
      assert.ok(words.includes(kept), `${kept} in ${words}`);
    assert.deepEqual(entry.env, { PROFILE_NAME: 'Ada From Env' }, '--env goes in the entry env');
    assert.ok(!words.includes('Ada From Env'), 'a value never on the command line');
    // Run exactly as printed, with what a host gives a server: the entry env and almost nothing else.
    const { client, stderr } = await startAsPrinted(entry, entry.env);
    try {
      const result = await client.callTool({ name: 'profile', arguments: {} });
      assert.match(JSON.stringify(result.content), /Ada From Env/, stderr());
    } finally {
      await client.close();
    }
  });

  it('refuses, naming them, the options an entry a host starts cannot carry', async () => {
    const run = await runCli([
      'proxy',
      '--print-config',
      '--config',
      file,
      '--server',
      'remote',
      '--scope',
      'read',
    ]);
    assert.equal(run.status, 2, run.stderr);
    assert.match(
      run.stderr,
      /cannot carry these into a host's entry \(leave them out\): the sign-in options/,
    );
    assert.equal(run.stdout, '');
  });

  it('starts the server when the host drops the -- it was given (the Inspector CLI does)', async () => {
    const host = await startHost({
      proxyArgs: [
        '--elicit',
        'self',
        '--accept-defaults',
        process.execPath,
        join(root, 'dist', 'demo', 'main.js'),
      ],
    });
    try {
      const result = await host.client.callTool({ name: 'confirm', arguments: {} });
      assert.match(JSON.stringify(result.content), /confirmed/, host.stderr());
    } finally {
      await host.close();
    }
  });
});
