import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadServerFromConfig, onlyServerName } from '../../src/cli/config.js';
import { ElicitError } from '../../src/contracts/elicit-error.js';
import { controlIn } from '../helpers/controls.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-elicit-config-'));
function file(name: string, json: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof json === 'string' ? json : JSON.stringify(json));
  return path;
}

async function configError(path: string, name: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    await loadServerFromConfig(path, name, env);
  } catch (error: unknown) {
    assert.ok(error instanceof ElicitError);
    assert.equal(error.code, 'config');
    return error.message;
  }
  assert.fail('expected a config error');
}

describe('mcpServers config files', () => {
  it('reads a Claude Desktop / Cursor stdio entry with args, env and ${VAR} substitution', async () => {
    const path = file('claude.json', {
      mcpServers: {
        github: {
          command: 'npx',
          args: ['-y', 'server-github', '--org=${ORG:-acme}'],
          env: { TOKEN: '${GH_TOKEN}' },
        },
      },
    });
    const target = await loadServerFromConfig(path, 'github', { GH_TOKEN: 's3cret' });
    assert.deepEqual(target, {
      kind: 'stdio',
      command: 'npx',
      args: ['-y', 'server-github', '--org=acme'],
      env: { TOKEN: 's3cret' },
    });
  });

  it('reads remote entries (url + headers, type http) and VS Code "servers" with ${env:VAR}', async () => {
    const cursor = file('cursor.json', {
      mcpServers: {
        remote: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer ${env:T}' } },
      },
    });
    const remote = await loadServerFromConfig(cursor, 'remote', { T: 'abc' });
    assert.equal(remote.kind, 'http');
    if (remote.kind === 'http') {
      assert.equal(remote.url.href, 'https://mcp.example.com/mcp');
      assert.deepEqual(remote.headers, { Authorization: 'Bearer abc' });
    }
    const vscode = file('vscode.json', {
      servers: { local: { type: 'stdio', command: 'node', args: ['s.js'] } },
    });
    assert.equal((await loadServerFromConfig(vscode, 'local', {})).kind, 'stdio');
    const settings = file('settings.json', {
      mcp: { servers: { h: { type: 'http', url: 'http://127.0.0.1:1/mcp' } } },
    });
    assert.equal((await loadServerFromConfig(settings, 'h', {})).kind, 'http');
  });

  it('names the problem: missing file, bad JSON, unknown server (listing known ones), missing variable, bad entry', async () => {
    assert.match(await configError(join(dir, 'nope.json'), 'x'), /cannot read config file .*ENOENT/);
    assert.match(await configError(file('bad.json', '{ nope'), 'x'), /is not valid JSON/);
    assert.match(await configError(file('empty.json', { other: {} }), 'x'), /has no "mcpServers"/);
    const two = file('two.json', { mcpServers: { a: { command: 'a' }, b: { command: 'b' } } });
    assert.match(await configError(two, 'c'), /no server "c" .*it has: a, b/);
    // H-36: a near name is a typo, a usage error that says which name was meant.
    const named = file('named.json', { mcpServers: { github: { command: 'a' }, slack: { command: 'b' } } });
    assert.match(
      await configError(named, 'gihtub'),
      /no server "gihtub" in .* \(did you mean github\?\); it has: github, slack/,
    );
    const secret = file('secret.json', { mcpServers: { s: { command: 'x', env: { K: '${MISSING_VAR}' } } } });
    assert.match(await configError(secret, 's'), /MISSING_VAR.*not set/);
    const badArgs = file('badargs.json', { mcpServers: { s: { command: 'x', args: 'oops' } } });
    assert.match(await configError(badArgs, 's'), /"args" must be an array/);
    const sse = file('sse.json', { mcpServers: { s: { type: 'sse', url: 'https://e.example/sse' } } });
    assert.match(await configError(sse, 's'), /HTTP\+SSE transport is not supported/);
    const noCommand = file('nocmd.json', { mcpServers: { s: {} } });
    assert.match(await configError(noCommand, 's'), /"command" must be a string/);
  });

  it("looks a --server name up among the file's own entries: __proto__, constructor and toString are unknown names", async () => {
    const path = file('proto.json', { mcpServers: { real: { command: 'node' } } });
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      assert.match(await configError(path, name), new RegExp(`no server "${name}" .*it has: real`));
    }
  });

  it('cuts a long list of server names to the first 20 and a count, naming the command that lists them all', async () => {
    const servers = Object.fromEntries(
      Array.from({ length: 60_000 }, (_, i) => [`server-${i}`, { command: 'x' }]),
    );
    const path = file('many.json', { mcpServers: servers });
    const choose = await onlyServerName(path).then(
      () => assert.fail('expected a usage error'),
      (error: unknown) => (error as Error).message,
    );
    assert.ok(choose.length < 1000, `${choose.length} characters`);
    assert.match(
      choose,
      /has 60000 servers; choose one with --server <name>: server-0, .*server-19 and 59980 more \(mcp-elicit servers --config .*many\.json lists them all\)$/,
    );
    const unknown = await configError(path, 'nope');
    assert.ok(unknown.length < 1000, `${unknown.length} characters`);
    assert.match(unknown, /it has: server-0, .*server-19 and 59980 more/);
  });

  it('cleans server names, keys and quoted JSON from the file before putting them in a message', async () => {
    const hostile = '\u001b]0;owned\u0007\u001b[31mred\u202e';
    const path = file('escapes.json', {
      mcpServers: { [hostile]: { command: 'x', env: { [hostile]: 1 } }, [`${hostile}2`]: { type: hostile } },
    });
    const messages = [
      await configError(path, 'nope'),
      await configError(path, hostile),
      await configError(path, `${hostile}2`),
      await configError(file('escapes-bad.json', `{"mcpServers": \u001b[31m}`), 'x'),
    ];
    for (const message of messages) {
      assert.equal(controlIn(message), undefined, JSON.stringify(message));
    }
    assert.match(messages[0] ?? '', /it has: red, red2/);
    assert.match(messages[1] ?? '', /server "red": "env\.red" must be a string/);
    assert.match(messages[2] ?? '', /unknown "type" "red"/);
  });
});
