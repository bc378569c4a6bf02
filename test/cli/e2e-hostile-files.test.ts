// The built CLI handed hostile files (issue 19): answers and config files someone shared, with
// terminal escapes in their names, prototype names, huge sizes and environment references. Each is
// refused before connecting (exit 2) with a clean message, or answered as the person chose.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { controlIn } from '../helpers/controls.js';
import { req } from '../helpers/req.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-elicit-hostile-files-'));
const ESCAPES = '\u001b]0;owned\u0007\u001b[2J\u001b[31m\u202e';
// Never started: every case here must stop before connecting.
const never = ['--', process.execPath, '-e', 'process.exit(9)'];

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('mcp-elicit handed hostile files', () => {
  it(req`cleans names from answers and config files before printing them on stderr (H-15)`, async () => {
    const answers = file('escape-answers.json', [
      { action: 'accept', content: { [`${ESCAPES}name`]: { x: 1 } } },
    ]);
    const config = file('escape-config.json', {
      mcpServers: { [`${ESCAPES}one`]: { command: 'x' }, [`${ESCAPES}two`]: { command: 'y' } },
    });
    const runs = [
      await runCli(['--answers', answers, 'tools', ...never]),
      await runCli(['--config', config, 'tools']),
      await runCli(['--config', config, '--server', 'nope', 'tools']),
      await runCli(['--json', '--config', config, 'tools']),
    ];
    for (const run of runs) {
      assert.equal(run.status, 2, run.stderr);
      assert.equal(controlIn(run.stderr), undefined, JSON.stringify(run.stderr));
    }
    // The only server, named by the file: its label in "cannot connect", its env names with -v.
    const solo = file('escape-solo.json', {
      mcpServers: {
        [`${ESCAPES}solo\u009b31m`]: {
          command: process.execPath,
          args: ['-e', 'process.exit(9)'],
          env: { [`${ESCAPES}VAR`]: 'x' },
        },
      },
    });
    const connect = await runCli(['-v', '--config', solo, 'tools']);
    assert.equal(connect.status, 3, connect.stderr);
    assert.match(connect.stderr, /cannot connect to solo: /);
    assert.match(connect.stderr, /server environment \(names only\): .*VAR/);
    const printed = await runCli(['proxy', '--print-config', '--config', solo]);
    for (const run of [connect, printed]) {
      assert.equal(controlIn(run.stderr), undefined, JSON.stringify(run.stderr));
      assert.equal(controlIn(run.stdout), undefined, JSON.stringify(run.stdout));
    }
    assert.match(runs[0]?.stderr ?? '', /content\.name: must be/);
    assert.match(runs[1]?.stderr ?? '', /choose one with --server <name>: one, two/);
  });

  it(req`takes --server __proto__ or constructor for a name the file does not have (H-15)`, async () => {
    const config = file('proto-config.json', { mcpServers: { real: { command: 'x' } } });
    for (const name of ['__proto__', 'constructor']) {
      const run = await runCli(['--config', config, '--server', name, 'tools']);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, new RegExp(`no server "${name}" in .*it has: real`));
      const print = await runCli(['proxy', '--print-config', '--config', config, '--server', name]);
      assert.equal(print.status, 2, print.stderr);
      assert.match(print.stderr, new RegExp(`no server "${name}" in `));
    }
  });

  it('lists the first 20 of 60,000 server names and a count when --server is missing', async () => {
    const servers = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`s${i}`, { command: 'x' }]));
    const config = file('many-config.json', { mcpServers: servers });
    const run = await runCli(['--config', config, 'tools']);
    assert.equal(run.status, 2, run.stderr);
    assert.ok(run.stderr.length < 2000, `${run.stderr.length} bytes on stderr`);
    assert.match(
      run.stderr,
      /s0, s1, .* s19 and 59980 more \(mcp-elicit servers --config .* lists them all\)/,
    );
    const all = await runCli(['servers', '--config', config]);
    assert.equal(all.status, 0, all.stderr);
    assert.equal(all.stdout.trim().split('\n').length, 60_000);
  });

  it(req`refuses answers and config files over 8 MiB (a 100 MB answers file, /dev/zero) by name, before connecting (H-15)`, async () => {
    const huge = join(dir, 'huge-answers.json');
    // One 100 MB `when`: the file that exhausted the heap.
    writeFileSync(huge, `[{"action": "accept", "when": "${'\u001b[31m'.repeat(20_000_000)}"}]`);
    const answers = await runCli(['--answers', huge, 'tools', ...never]);
    assert.equal(answers.status, 2, answers.stderr);
    assert.match(answers.stderr, /--answers file .*huge-answers\.json is larger than the 8 MiB limit/);
    rmSync(huge);
    const endless = await runCli(['--answers', '/dev/zero', 'tools', ...never]);
    assert.equal(endless.status, 2, endless.stderr);
    assert.match(endless.stderr, /--answers file \/dev\/zero is larger than the 8 MiB limit/);
    const config = file(
      'huge-config.json',
      `{"mcpServers": {"a": {"command": "${'x'.repeat(9 * 1024 * 1024)}"}}}`,
    );
    for (const command of [['tools'], ['servers'], ['proxy', '--print-config']]) {
      const run = await runCli([...command, '--config', config]);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, /config file .*huge-config\.json is larger than the 8 MiB limit/);
    }
  });

  it(req`refuses {"$env": "constructor"} and other prototype names before connecting (exit 2), naming variable and field (H-14)`, async () => {
    for (const name of ['constructor', '__proto__', 'toString']) {
      const answers = file(`proto-env-${name}.json`, [
        { action: 'accept', content: { username: { $env: name } } },
      ]);
      const run = await runCli(['--answers', answers, 'tools', ...never]);
      assert.equal(run.status, 2, run.stderr);
      assert.match(
        run.stderr,
        new RegExp(`content\\.username: "${name}" is a name every JavaScript object has`),
      );
    }
  });

  it(req`reads no environment variable the person did not allow with --allow-env: refused before connecting, value never shown (H-14)`, async () => {
    // A shared recording that would send a person's secret under an innocent field name.
    const shared = file('shared-env.json', [
      { action: 'accept', content: { username: { $env: 'SECRET_TOKEN' }, city: { $env: 'CITY' } } },
    ]);
    const env = { SECRET_TOKEN: 'tok-4f9a2c', CITY: 'Oslo' };
    for (const extra of [[], ['--allow-env', 'CITY']]) {
      const run = await runCli(['--answers', shared, ...extra, 'tools', ...never], { env });
      assert.equal(run.status, 2, run.stderr);
      assert.match(
        run.stderr,
        /answers\[0\]\.content\.username reads the environment variable SECRET_TOKEN, which --allow-env does not allow: give --allow-env SECRET_TOKEN/,
      );
      assert.doesNotMatch(run.stderr, /tok-4f9a2c|Oslo/);
    }
    const bad = await runCli(['--answers', shared, '--allow-env', 'constructor', 'tools', ...never]);
    assert.equal(bad.status, 2, bad.stderr);
    assert.match(bad.stderr, /--allow-env "constructor" is not an environment variable name/);
    const alone = await runCli(['--allow-env', 'CITY', 'tools', ...never]);
    assert.equal(alone.status, 2, alone.stderr);
    assert.match(
      alone.stderr,
      /--allow-env names the variables an --answers file may read; give it with --answers/,
    );
  });
});
