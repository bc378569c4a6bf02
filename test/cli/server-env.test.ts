// What a stdio server started by the CLI sees of the caller's environment (issue 13): the SDK's
// safe set, the config entry's `env`, `--env`, and what `--pass-env` names; never the rest.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEFAULT_INHERITED_ENV_VARS } from '@modelcontextprotocol/client/stdio';
import { parseCliArgs } from '../../src/cli/args.js';
import { FULL_HELP } from '../../src/cli/help.js';
import { serverEnvironment } from '../../src/cli/server-env.js';
import { ElicitError } from '../../src/contracts/elicit-error.js';
import { type CliRun, jsonReport, resultText, runCli } from '../helpers/cli.js';
import { envStdioCommand } from '../helpers/servers.js';

const server = envStdioCommand();
const SECRET = { SECRET_TOKEN_X: 'hunter2', SECRET_OTHER: 'swordfish', OTHER_SECRET: 'opensesame' };

/** The environment the fixture server reported, from a `--json call environment` run. */
function seen(run: CliRun): Record<string, string> {
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(resultText(jsonReport(run))) as Record<string, string>;
}

function callEnvironment(options: readonly string[], env: Record<string, string> = SECRET): Promise<CliRun> {
  return runCli(
    [
      '--json',
      '--protocol',
      'legacy',
      ...options,
      'call',
      'environment',
      '--',
      server.command,
      ...server.args,
    ],
    { env },
  );
}

function usageError(argv: string[]): string {
  try {
    parseCliArgs(argv);
  } catch (error: unknown) {
    assert.ok(error instanceof ElicitError && error.code === 'usage');
    return error.message;
  }
  assert.fail(`expected a usage error for ${argv.join(' ')}`);
}

describe('the environment of a stdio server', () => {
  it('is only the SDK safe set by default: SECRET_TOKEN_X does not leak', async () => {
    const env = seen(await callEnvironment([]));
    assert.equal(env.SECRET_TOKEN_X, undefined, 'the secret stayed with the caller');
    assert.equal(env.MCP_ELICIT_CACHE_DIR, undefined, 'nor did anything else outside the safe set');
    assert.equal(env.PATH, process.env.PATH, 'PATH is passed, so servers started with npx still work');
    const unexpected = Object.keys(env).filter((name) => !DEFAULT_INHERITED_ENV_VARS.includes(name));
    assert.deepEqual(unexpected, [], 'nothing outside the safe set');
  });

  it('adds --env values and the variables --pass-env names (a name or a pattern), and nothing more', async () => {
    const env = seen(
      await callEnvironment([
        '--env',
        'API_URL=https://x.example/?a=b',
        '--env',
        'EMPTY=',
        '--pass-env',
        'SECRET_*',
      ]),
    );
    assert.equal(env.API_URL, 'https://x.example/?a=b', 'a value may contain "="');
    assert.equal(env.EMPTY, '');
    assert.equal(env.SECRET_TOKEN_X, 'hunter2');
    assert.equal(env.SECRET_OTHER, 'swordfish');
    assert.equal(env.OTHER_SECRET, undefined, 'the pattern is anchored');
    const one = seen(await callEnvironment(['--pass-env', 'OTHER_SECRET']));
    assert.equal(one.OTHER_SECRET, 'opensesame');
    assert.equal(one.SECRET_TOKEN_X, undefined);
  });

  it("passes the caller's whole environment only with --pass-env '*'", async () => {
    const env = seen(await callEnvironment(['--pass-env', '*']));
    assert.equal(env.SECRET_TOKEN_X, 'hunter2');
    assert.equal(env.OTHER_SECRET, 'opensesame');
    assert.ok(env.MCP_ELICIT_CACHE_DIR, 'everything, not just the secrets');
  });

  it("gives a config entry's server its `env` (substituted) on top of the safe set, and --env overrides it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-elicit-env-'));
    const config = join(dir, 'mcp.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          envy: {
            command: server.command,
            args: server.args,
            // biome-ignore lint/suspicious/noTemplateCurlyInString: the config file's own substitution syntax
            env: { API_KEY: '${SECRET_TOKEN_X}', MODE: 'config' },
          },
        },
      }),
    );
    const run = (extra: string[]) =>
      runCli(
        [
          '--json',
          '--protocol',
          'legacy',
          '--config',
          config,
          '--server',
          'envy',
          ...extra,
          'call',
          'environment',
        ],
        {
          env: SECRET,
        },
      );
    const env = seen(await run([]));
    assert.equal(env.API_KEY, 'hunter2', 'the config asked for this secret by name');
    assert.equal(env.MODE, 'config');
    assert.equal(env.SECRET_TOKEN_X, undefined, 'but not for the variable itself');
    const overridden = seen(await run(['--env', 'MODE=cli', '--pass-env', '*']));
    assert.equal(overridden.MODE, 'cli', '--env wins over the config');
    assert.equal(overridden.API_KEY, 'hunter2', "--pass-env '*' does not undo the config's values");
    assert.equal(overridden.SECRET_TOKEN_X, 'hunter2');
  });

  it('says with -v which names the server gets (never their values), and warns of a --pass-env that matches nothing', async () => {
    const run = await callEnvironment(['-v', '--pass-env', 'SECRET_TOKEN_X', '--pass-env', 'NO_SUCH_VAR_*']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /server environment \(names only\): .*SECRET_TOKEN_X/);
    assert.doesNotMatch(run.stderr, /hunter2/);
    assert.match(run.stderr, /--pass-env NO_SUCH_VAR_\*: no such variable in your environment/);
  });
});

describe('serverEnvironment', () => {
  const caller = {
    PATH: '/bin',
    HOME: '/home/a',
    SHELL: '() { evil; }',
    TOKEN: 't',
    AWS_KEY: 'k',
    AWS_ID: 'i',
  };

  it('keeps the safe set, skipping exported shell functions as the SDK does', () => {
    const { env } = serverEnvironment(caller, { configEnv: {}, set: {}, pass: [] });
    assert.deepEqual(env, { PATH: '/bin', HOME: '/home/a' });
  });

  it('layers inherited values under explicit ones and reports patterns that matched nothing', () => {
    const { env, unmatched } = serverEnvironment(caller, {
      configEnv: { AWS_KEY: 'from-config' },
      set: { HOME: '/elsewhere' },
      pass: ['AWS_*', 'GITHUB_TOKEN'],
    });
    assert.deepEqual(env, { PATH: '/bin', HOME: '/elsewhere', AWS_KEY: 'from-config', AWS_ID: 'i' });
    assert.deepEqual(unmatched, ['GITHUB_TOKEN']);
  });
});

describe('--env and --pass-env on the command line', () => {
  it('are parsed, checked, and documented in --help', () => {
    const args = parseCliArgs(['--env', 'A=1', '--pass-env', 'B', 'tools', '--', 'srv']);
    assert.deepEqual(args.serverEnv, { set: { A: '1' }, pass: ['B'] });
    assert.match(usageError(['--env', 'A', 'tools', '--', 'srv']), /--env "A" must look like NAME=value/);
    assert.match(usageError(['--env', '=1', 'tools', '--', 'srv']), /must look like NAME=value/);
    assert.match(usageError(['--pass-env', 'A=1', 'tools', '--', 'srv']), /--env NAME=value sets a value/);
    assert.match(
      usageError(['--env', 'A=1', '--url', 'http://localhost:1/mcp', 'tools']),
      /only apply to a stdio server/,
    );
    assert.match(usageError(['--pass-env', '*', 'demo']), /only apply to a stdio server/);
    for (const option of ['--env NAME=value', '--pass-env'])
      assert.ok(FULL_HELP.includes(option), `--help: ${option}`);
    assert.match(FULL_HELP, /whole environment/);
  });

  it('passes a variable named __proto__ from the config or --env as an own variable', () => {
    const { env } = serverEnvironment(
      {},
      {
        pass: [],
        configEnv: JSON.parse('{"__proto__": "from-config", "constructor": "c"}'),
        set: JSON.parse('{"toString": "t"}'),
      },
    );
    assert.deepEqual(
      Object.entries(env).filter(([name]) => /^(__proto__|constructor|toString)$/.test(name)),
      [
        ['__proto__', 'from-config'],
        ['constructor', 'c'],
        ['toString', 't'],
      ],
    );
  });
});
