// `proxy --print-config --print-config-format codex`: the same entry as Codex's config.toml table,
// its strings escaped as TOML basic strings, run exactly as printed.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { cliBin, root, runCli } from '../helpers/cli.js';
import { startAsPrinted } from './_printed.js';

// Awkward text on purpose: quotes, backslashes, a tab, a newline, DEL and a non-ASCII letter.
const TRICKY = 'say "hi" \\ C:\\tmp\ttab\nline\u007fé';
const TRICKY_TOML = '"say \\"hi\\" \\\\ C:\\\\tmp\\u0009tab\\u000aline\\u007fé"';

describe('mcp-elicit proxy --print-config --print-config-format codex (H-39)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-codex-'));

  it('prints [mcp_servers.<name>] with command, args and its env table, strings escaped and an odd name quoted', async () => {
    const config = join(dir, 'tricky.json');
    const entry = { command: 'srv', args: [TRICKY], env: { API_KEY: TRICKY, 'odd key': 'v' } };
    writeFileSync(config, JSON.stringify({ mcpServers: { 'my.server': entry } }));
    const run = await printCodex(config);
    const q = (text: string) => JSON.stringify(text); // the paths hold no character TOML escapes
    const args = [cliBin, 'proxy', '--name', 'my.server', '--pass-env', 'API_KEY', '--pass-env', 'odd key'];
    assert.equal(
      run.stdout,
      [
        '[mcp_servers."my.server"]',
        `command = ${q(process.execPath)}`,
        `args = [${[...args.map(q), '"--"', '"srv"', TRICKY_TOML].join(', ')}]`,
        '',
        '[mcp_servers."my.server".env]',
        `API_KEY = ${TRICKY_TOML}`,
        '"odd key" = "v"',
        '',
      ].join('\n'),
    );
  });

  it('keeps the JSON entry for --print-config alone and refuses an unknown format or one without --print-config', async () => {
    const config = join(dir, 'plain.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { s: { command: 'srv' } } }));
    const plain = await runCli(['proxy', '--print-config', '--config', config]);
    assert.equal(plain.status, 0, plain.stderr);
    assert.deepEqual(Object.keys(JSON.parse(plain.stdout) as object), ['mcpServers']);
    const json = await runCli([
      'proxy',
      '--print-config',
      '--print-config-format',
      'json',
      '--config',
      config,
    ]);
    assert.equal(json.stdout, plain.stdout);
    const bad = await runCli([
      'proxy',
      '--print-config',
      '--print-config-format',
      'yaml',
      '--config',
      config,
    ]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--print-config-format must be one of json, codex \(got "yaml"\)/);
    const alone = await runCli(['proxy', '--print-config-format', 'codex', '--config', config]);
    assert.equal(alone.status, 2);
    assert.match(alone.stderr, /--print-config-format only applies to proxy --print-config/);
  });

  it('runs as printed under a stripped environment: the server gets each env value exactly', async () => {
    // The env fixture through tsx by absolute file URL, so it starts from a host's own folder.
    const tsx = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
    const server = join(root, 'test', 'fixtures', 'servers', 'env-server.ts');
    const config = join(dir, 'env.json');
    const env = { API_KEY: TRICKY, PLAIN: 'k123' };
    const entry = { command: process.execPath, args: ['--import', tsx, server], env };
    writeFileSync(config, JSON.stringify({ mcpServers: { envy: entry } }));
    const run = await printCodex(config);
    const printed = readCodexTable(run.stdout, 'envy');
    assert.deepEqual(printed.env, env, 'the env table reads back as written');
    const { client, stderr } = await startAsPrinted(printed, { ...printed.env, SECRET_TOKEN_X: 'hunter2' });
    try {
      const result = await client.callTool({ name: 'environment', arguments: {} });
      const text = (result.content as { type: string; text: string }[])[0]?.text ?? '{}';
      const seen = JSON.parse(text) as Record<string, string>;
      assert.equal(seen.API_KEY, TRICKY, stderr());
      assert.equal(seen.PLAIN, 'k123');
      assert.equal(seen.SECRET_TOKEN_X, undefined, 'what the table does not name stays with the proxy');
    } finally {
      await client.close();
    }
  });
});

/** `--print-config --print-config-format codex` for the one server in `config`, which must succeed. */
async function printCodex(config: string): Promise<{ stdout: string }> {
  const run = await runCli(['proxy', '--print-config', '--print-config-format', 'codex', '--config', config]);
  assert.equal(run.status, 0, run.stderr);
  return run;
}

/**
 * Reads back the one table the proxy prints. Its values are one-line TOML basic strings and arrays
 * of them, escaped only with `\\`, `\"` and `\uXXXX`: the same text as JSON, so JSON.parse decodes them.
 */
function readCodexTable(
  text: string,
  name: string,
): { command: string; args: string[]; env: Record<string, string> } {
  const table: Record<string, Record<string, unknown>> = {};
  let section = '';
  for (const line of text.split('\n').filter((each) => each !== '')) {
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1] ?? '';
      table[section] = {};
      continue;
    }
    const [, key = '', value = ''] = /^("(?:[^"\\]|\\.)*"|[A-Za-z0-9_-]+) = (.+)$/.exec(line) ?? [];
    assert.ok(key !== '', `a key = value line: ${line}`);
    const current = table[section] ?? {};
    current[key.startsWith('"') ? (JSON.parse(key) as string) : key] = JSON.parse(value);
  }
  const main = table[`mcp_servers.${name}`] as { command: string; args: string[] };
  return { ...main, env: (table[`mcp_servers.${name}.env`] ?? {}) as Record<string, string> };
}
