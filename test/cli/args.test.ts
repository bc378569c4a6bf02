import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCliArgs } from '../../src/cli/args.js';
import { FULL_HELP } from '../../src/cli/help.js';
import { ElicitError } from '../../src/contracts/elicit-error.js';

function usageError(argv: string[]): string {
  try {
    parseCliArgs(argv);
  } catch (error: unknown) {
    assert.ok(error instanceof ElicitError, 'a usage problem is an ElicitError');
    assert.equal(error.code, 'usage');
    return error.message;
  }
  assert.fail(`expected a usage error for ${argv.join(' ')}`);
}

describe('command-line parsing', () => {
  it('takes everything after -- verbatim as the stdio server command', () => {
    const args = parseCliArgs([
      'call',
      'echo',
      '--args',
      '{"a":1}',
      '--',
      'node',
      'server.js',
      '--json',
      '--',
      'x',
    ]);
    assert.equal(args.command, 'call');
    assert.equal(args.operand, 'echo');
    assert.deepEqual(args.toolArgs, { a: 1 });
    assert.deepEqual(args.target, {
      kind: 'stdio',
      command: 'node',
      args: ['server.js', '--json', '--', 'x'],
    });
    assert.equal(args.json, false, '--json after -- belongs to the server');
  });

  it('proxy takes the server command with or without -- (a host may drop it): options end at the first other word', () => {
    const without = parseCliArgs(['proxy', '--ui', 'scripted', 'node', 'server.js', '--json', '--ui', 'x']);
    assert.deepEqual(without.target, {
      kind: 'stdio',
      command: 'node',
      args: ['server.js', '--json', '--ui', 'x'],
    });
    assert.equal(without.ui, 'scripted');
    assert.equal(without.json, false, '--json after the server command belongs to the server');
    const withDashes = parseCliArgs(['proxy', '--', 'node', 'server.js']);
    assert.deepEqual(withDashes.target, { kind: 'stdio', command: 'node', args: ['server.js'] });
    assert.throws(() => parseCliArgs(['proxy', '--bogus', 'node']), /unknown option --bogus/);
    // Other commands still want their --: a stray word is an error, not a server command.
    assert.throws(() => parseCliArgs(['tools', 'node', 'server.js']), ElicitError);
  });

  it('accepts --url with repeated --header lines', () => {
    const args = parseCliArgs([
      'tools',
      '--url',
      'https://mcp.example.com/mcp',
      '--header',
      'Authorization: Bearer t',
      '--header',
      'X-A: b',
    ]);
    assert.equal(args.target?.kind, 'http');
    if (args.target?.kind === 'http') {
      assert.equal(args.target.url.href, 'https://mcp.example.com/mcp');
      assert.deepEqual(args.target.headers, { Authorization: 'Bearer t', 'X-A': 'b' });
    }
  });

  it('makes the scripted flags imply --ui scripted and parses --set pairs', () => {
    const args = parseCliArgs([
      'call',
      't',
      '--set',
      'name=Ada',
      '--set',
      'tags=a,b',
      '--accept-defaults',
      '--',
      's',
    ]);
    assert.equal(args.ui, 'scripted');
    assert.deepEqual(args.sets, { name: 'Ada', tags: 'a,b' });
    assert.equal(args.acceptDefaults, true);
  });

  it('makes --open-urls imply --ui scripted (a person consents in the interactive front-ends)', () => {
    const args = parseCliArgs(['call', 't', '--open-urls', '--', 's']);
    assert.equal(args.ui, 'scripted');
    assert.equal(args.openUrls, true);
  });

  it('parses --allow-deceptive-urls (scripted), --audit-log and --rate-limit (issue 12 #6, #8, #9)', () => {
    const args = parseCliArgs([
      '--open-urls',
      '--allow-deceptive-urls',
      '--audit-log',
      'audit.jsonl',
      '--rate-limit',
      '5',
      'tools',
      '--',
      's',
    ]);
    assert.equal(args.ui, 'scripted');
    assert.equal(args.allowDeceptiveUrls, true);
    assert.equal(args.auditLog, 'audit.jsonl');
    assert.equal(args.rateLimit, 5);
    assert.equal(parseCliArgs(['--rate-limit', 'off', 'tools', '--', 's']).rateLimit, false);
    assert.equal(parseCliArgs(['tools', '--', 's']).rateLimit, undefined);
    assert.match(usageError(['--rate-limit', '0', 'tools', '--', 's']), /--rate-limit takes a whole number/);
    assert.match(
      usageError(['--rate-limit', '2.5', 'tools', '--', 's']),
      /--rate-limit takes a whole number/,
    );
    assert.match(usageError(['--audit-log', '', 'tools', '--', 's']), /--audit-log needs a file name/);
    assert.match(
      usageError(['--ui', 'plain', '--allow-deceptive-urls', 'tools', '--', 's']),
      /cannot be combined with .*--allow-deceptive-urls/,
    );
  });

  it('parses --task-timeout as seconds or with s, m or h, and refuses other text', () => {
    const timeout = (text: string) =>
      parseCliArgs(['--task-timeout', text, 'call', 'x', '--', 'srv']).taskTimeoutMs;
    assert.equal(timeout('90'), 90_000);
    assert.equal(timeout('90s'), 90_000);
    assert.equal(timeout('30m'), 1_800_000);
    assert.equal(timeout('1.5h'), 5_400_000);
    assert.equal(parseCliArgs(['call', 'x', '--', 'srv']).taskTimeoutMs, undefined);
    for (const bad of ['0', '0.5s', 'soon', '30d', '1e3', '25d'])
      assert.throws(() => timeout(bad), /--task-timeout takes a duration/, bad);
  });

  it('maps --protocol words and versions to eras', () => {
    assert.deepEqual(parseCliArgs(['tools', '--protocol', 'legacy', '--', 's']).protocol, { kind: 'legacy' });
    assert.deepEqual(parseCliArgs(['tools', '--protocol', 'modern', '--', 's']).protocol, {
      kind: 'modern',
      version: '2026-07-28',
    });
    assert.deepEqual(parseCliArgs(['tools', '--protocol', '2025-06-18', '--', 's']).protocol, {
      kind: 'legacy',
      version: '2025-06-18',
    });
    assert.deepEqual(parseCliArgs(['tools', '--', 's']).protocol, { kind: 'auto' });
  });

  it('rejects bad usage with a message naming the problem', () => {
    assert.match(usageError([]), /missing command/);
    assert.match(usageError(['frobnicate', '--', 's']), /unknown command "frobnicate"/);
    assert.match(usageError(['call', '--', 's']), /call needs a tool name/);
    assert.match(usageError(['prompt', '--', 's']), /prompt needs a prompt name/);
    assert.match(usageError(['read', '--', 's']), /read needs a resource URI/);
    assert.match(
      usageError(['--arg', 'x=1', 'read', 'u://x', '--', 's']),
      /--args and --arg only apply to call and prompt/,
    );
    assert.match(
      usageError(['--arg', 'novalue', 'call', 't', '--', 's']),
      /--arg "novalue" must look like key=value/,
    );
    assert.match(usageError(['--log-level', 'loud', 'tools', '--', 's']), /--log-level must be one of/);
    const prompt = parseCliArgs([
      '--arg',
      'who=Ada',
      '--arg',
      'n=2=3',
      '--log-level',
      'info',
      'prompt',
      'greet',
      '--',
      's',
    ]);
    assert.equal(prompt.command, 'prompt');
    assert.equal(prompt.operand, 'greet');
    assert.deepEqual(prompt.argPairs, { who: 'Ada', n: '2=3' });
    assert.equal(prompt.logLevel, 'info');
    assert.equal(parseCliArgs(['read', 'demo://vault/motto', '--', 's']).operand, 'demo://vault/motto');
    assert.equal(parseCliArgs(['resources', '--', 's']).command, 'resources');
    assert.match(usageError(['tools']), /no server given/);
    assert.match(usageError(['tools', '--url', 'ftp://x', '--', 's']), /give one server/);
    assert.match(usageError(['tools', '--url', 'ftp://x']), /must be http: or https:/);
    assert.match(usageError(['call', 't', '--args', '{nope', '--', 's']), /--args is not valid JSON/);
    assert.match(usageError(['call', 't', '--args', '[1]', '--', 's']), /must be a JSON object/);
    assert.match(usageError(['call', 't', '--set', 'novalue', '--', 's']), /field=value/);
    assert.match(usageError(['call', 't', '--decline', '--cancel', '--', 's']), /exclude each other/);
    assert.match(usageError(['call', 't', '--ui', 'plain', '--decline', '--', 's']), /imply --ui scripted/);
    assert.match(usageError(['call', 't', '--ui', 'fancy', '--', 's']), /--ui must be one of/);
    assert.match(
      usageError(['call', 't', '--modes', 'form,sms', '--', 's']),
      /--modes takes form and\/or url/,
    );
    assert.match(usageError(['tools', '--protocol', 'newest', '--', 's']), /--protocol must be/);
    assert.match(usageError(['tools', '--timeout=0', '--', 's']), /--timeout takes a positive number/);
    assert.match(usageError(['tools', '--bogus', '--', 's']), /bogus/);
    assert.match(usageError(['tools', '--server', 'x', '--', 's']), /--server needs --config/);
    assert.match(usageError(['demo', '--', 's']), /takes no server/);
  });

  it('--task prefers a task for optional tools, --no-task never uses one, and they exclude each other', () => {
    assert.equal(parseCliArgs(['call', 't', '--', 's']).task, 'auto');
    assert.equal(parseCliArgs(['--task', 'call', 't', '--', 's']).task, 'prefer');
    assert.equal(parseCliArgs(['--no-task', 'call', 't', '--', 's']).task, 'never');
    assert.match(
      usageError(['--task', '--no-task', 'call', 't', '--', 's']),
      /--task and --no-task exclude each other/,
    );
  });

  it('documents every option in --help', () => {
    for (const option of [
      '--url',
      '--header',
      '--config',
      '--server',
      '--name',
      '--args',
      '--arg',
      '--log-level',
      '--timeout',
      '--ui',
      '--answers',
      '--set',
      '--accept-defaults',
      '--decline',
      '--cancel',
      '--open-urls',
      '--allow-deceptive-urls',
      '--rate-limit',
      '--audit-log',
      '--modes',
      '--protocol',
      '--no-era-cache',
      '--task',
      '--no-task',
      '--json',
      '--verbose',
      '--help',
      '--version',
    ]) {
      assert.ok(FULL_HELP.includes(option), `--help mentions ${option}`);
    }
  });

  it('keeps --set, --arg and --env names __proto__, constructor and toString as own keys', () => {
    const names = ['__proto__', 'constructor', 'toString'];
    const args = parseCliArgs([
      ...names.flatMap((n) => ['--set', `${n}=s-${n}`, '--arg', `${n}=a-${n}`, '--env', `${n}=e-${n}`]),
      'call',
      'x',
      '--',
      'node',
    ]);
    assert.deepEqual(
      Object.entries(args.sets),
      names.map((n) => [n, `s-${n}`]),
    );
    assert.deepEqual(
      Object.entries(args.argPairs),
      names.map((n) => [n, `a-${n}`]),
    );
    assert.deepEqual(
      Object.entries(args.serverEnv?.set ?? {}),
      names.map((n) => [n, `e-${n}`]),
    );
    assert.equal(Object.getPrototypeOf(args.sets), Object.prototype);
  });
});
