// Usage mistakes get a message naming the mistake and the fix (issue 11, "Messages a user can act on").
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCliArgs } from '../../src/cli/args.js';
import { commandHelp } from '../../src/cli/command-help.js';
import { COMMAND_NAMES, COMMANDS } from '../../src/cli/command-table.js';
import { HELP } from '../../src/cli/help.js';
import { nearest } from '../../src/cli/suggest.js';
import { ElicitError } from '../../src/contracts/elicit-error.js';

function usageError(argv: string[]): string {
  try {
    parseCliArgs(argv);
  } catch (error: unknown) {
    assert.ok(error instanceof ElicitError, 'a usage problem is a ElicitError');
    assert.equal(error.code, 'usage');
    return error.message;
  }
  assert.fail(`expected a usage error for ${argv.join(' ')}`);
}

describe('usage mistakes', () => {
  it('names an unknown option without Node parseArgs advice', () => {
    const message = usageError(['--frobnicate', 'tools', '--', 'server']);
    assert.equal(message, 'unknown option --frobnicate');
  });

  it('suggests the nearest real option for a misspelt one', () => {
    assert.equal(usageError(['--jsn', 'tools', '--', 's']), 'unknown option --jsn (did you mean --json?)');
    assert.match(usageError(['--acept-defaults', 'tools', '--', 's']), /did you mean --accept-defaults\?/);
    assert.match(
      usageError(['--protcol=legacy', 'tools', '--', 's']),
      /unknown option --protcol \(did you mean --protocol\?\)/,
    );
  });

  it('shows the fixed command line when the server command lacks its --', () => {
    const message = usageError(['call', 'echo', 'npx', '-y', '@modelcontextprotocol/server-everything']);
    assert.match(message, /put -- before it/);
    assert.match(message, /mcp-elicit call echo -- npx -y @modelcontextprotocol\/server-everything/);
    const tools = usageError(['--json', 'tools', 'node', 'server.js']);
    assert.match(tools, /mcp-elicit --json tools -- node server\.js/);
  });

  it('suggests the nearest command for a misspelt one', () => {
    assert.match(usageError(['tols', '--', 's']), /unknown command "tols" \(did you mean tools\?\)/);
  });

  it('says which value an option is missing', () => {
    assert.equal(usageError(['tools', '--url']), '--url needs a value');
  });

  it('uses the config file alone, choosing the server later, when --server is not given', () => {
    const args = parseCliArgs(['tools', '--config', 'f.json']);
    assert.deepEqual(args.target, { kind: 'config', file: 'f.json' });
  });

  it('parses servers --config and refuses servers without a config file', () => {
    assert.equal(parseCliArgs(['servers', '--config', 'f.json']).command, 'servers');
    assert.match(usageError(['servers']), /servers --config <file>/);
    assert.match(usageError(['servers', '--', 'node', 's.js']), /servers --config <file>/);
  });

  it('takes completion with exactly one known shell', () => {
    assert.equal(parseCliArgs(['completion', 'zsh']).shell, 'zsh');
    assert.match(usageError(['completion', 'powershell']), /completion takes one shell: bash, zsh, fish/);
    assert.match(usageError(['completion']), /completion takes one shell/);
  });
});

describe('per-command help', () => {
  it('answers `call --help` and `help call` with that command', () => {
    assert.equal(parseCliArgs(['call', '--help']).helpTopic, 'call');
    assert.equal(parseCliArgs(['help', 'call']).helpTopic, 'call');
    assert.equal(parseCliArgs(['--help']).helpTopic, undefined);
    assert.match(usageError(['help', 'cal']), /did you mean call\?/);
  });

  it("shows each command's usage, the description of each of its options, and an example", () => {
    for (const name of COMMAND_NAMES) {
      const text = commandHelp(name);
      assert.match(text, new RegExp(`^mcp-elicit ${name}: `));
      assert.ok(text.includes(`Example\n  ${COMMANDS[name].example}`), name);
      for (const option of COMMANDS[name].options) {
        assert.match(
          text,
          new RegExp(`^  (-\\w, )?--${option}\\b.*\\S`, 'm'),
          `${name} --help describes --${option}`,
        );
      }
    }
    assert.match(commandHelp('call'), /--args <json> +Arguments as a JSON object/);
  });

  it("describes an option as the command means it: the proxy's --ui is browser or scripted", () => {
    const proxy = commandHelp('proxy');
    assert.match(proxy, /--ui <name> +browser \(default/);
    assert.doesNotMatch(proxy, /terminal form when stdin is a TTY/);
    assert.match(commandHelp('call'), /--ui <name> +auto \(default: the terminal form when stdin is a TTY/);
  });

  it('says what a stdio server gets of your environment wherever --env is offered', () => {
    for (const name of ['call', 'tools', 'proxy'] as const) {
      assert.match(
        commandHelp(name),
        /gets only HOME, LOGNAME, PATH, SHELL, TERM and USER[\s\S]*\n {2}--env NAME=value/,
        name,
      );
    }
  });

  it('lists every command in the main --help', () => {
    for (const name of COMMAND_NAMES) assert.match(HELP, new RegExp(`^  ${name}\\b`, 'm'), name);
  });
});

describe('nearest match', () => {
  it('prefers a case-only difference and refuses words that are too far', () => {
    assert.equal(nearest('Name', ['email', 'name']), 'name');
    assert.equal(nearest('--jsn', ['--json', '--url']), '--json');
    assert.equal(nearest('--frobnicate', ['--json', '--url', '--config']), undefined);
  });
});
