// The option facts agree everywhere: every option parseArgs takes is in --help and in every shell's
// completion, and every value an option offers is completed (issue 20: `--ui browser` was missing).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OPTIONS } from '../../src/cli/args.js';
import { commandHelp } from '../../src/cli/command-help.js';
import { completionScript } from '../../src/cli/completion.js';
import { FULL_HELP, HELP } from '../../src/cli/help.js';
import { OPTION_LIST, optionRecord } from '../../src/cli/options/index.js';
import { optionBlock } from '../../src/cli/options/layout.js';
import { runCli } from '../helpers/cli.js';

/** Each option's completion values, from the option table. */
const OPTION_VALUES: Record<string, readonly string[] | 'files'> = Object.fromEntries(
  OPTION_LIST.flatMap((option) => (option.values === undefined ? [] : [[option.name, option.values]])),
);

const names = Object.keys(OPTIONS);

describe('--help, a first screen', () => {
  it('fits one 80x40 screen: what the tool does, every command, the common options, where the rest is', () => {
    const lines = HELP.trimEnd().split('\n');
    assert.ok(lines.length <= 40, `${lines.length} lines`);
    for (const line of lines) assert.ok(line.length <= 80, `too wide: ${line}`);
    assert.match(lines[0] ?? '', /^mcp-elicit: call any MCP server and answer its elicitations/);
    for (const name of ['url', 'config', 'arg', 'ui', 'json']) {
      const option = optionRecord(name);
      assert.ok(option !== undefined, name);
      assert.match(HELP, new RegExp(`^  (-\\w, )?--${name} `, 'm'), `--${name} is on the first screen`);
    }
    assert.match(HELP, /mcp-elicit <command> --help/);
    assert.match(HELP, /mcp-elicit --help --all/);
  });

  it('leads to every option: the CLI prints the full listing for --help --all and help --all', async () => {
    const first = await runCli(['--help']);
    assert.equal(first.status, 0, first.stderr);
    assert.equal(first.stdout, HELP);
    for (const words of [
      ['--help', '--all'],
      ['help', '--all'],
    ]) {
      const all = await runCli(words);
      assert.equal(all.status, 0, all.stderr);
      assert.equal(all.stdout, FULL_HELP, words.join(' '));
    }
    const stray = await runCli(['--all', 'tools', '--', 'x']);
    assert.equal(stray.status, 2);
    assert.match(stray.stderr, /--all goes with --help: mcp-elicit --help --all/);
  });
});

describe('the option table', () => {
  it('is what --help prints: each option block, in the option column, made from its record', () => {
    for (const option of OPTION_LIST) {
      const block = optionBlock(option).join('\n');
      assert.ok(FULL_HELP.includes(`${block}\n`), `--help prints --${option.name} from the table`);
      assert.ok(option.help.length > 0, `--${option.name} has a description`);
    }
    assert.match(FULL_HELP, /^ {2}--client-secret-env VAR Read that client's secret/m);
  });

  it("is what per-command help prints, with a command's own description where it has one", () => {
    const call = commandHelp('call');
    for (const name of ['args', 'arg', 'env', 'json']) {
      const option = optionRecord(name);
      assert.ok(option !== undefined, name);
      assert.ok(call.includes(optionBlock(option).join('\n')), name);
    }
    assert.match(call, /A stdio server gets only HOME/, '--env comes with its note');
    assert.match(commandHelp('proxy'), /^ {2}--ui <name> {13}browser \(default: pages/m);
  });

  it('has every parsed option in --help, each at the start of its own line', () => {
    for (const name of names)
      assert.match(FULL_HELP, new RegExp(`^  (-\\w, )?--${name}(\\s|$)`, 'm'), `--help describes --${name}`);
  });

  it('has every option of --help parsed', () => {
    const listed = [...FULL_HELP.matchAll(/^ {2}(?:-\w, )?--([a-z][\w-]*)/gm)].map((m) => m[1] ?? '');
    assert.ok(listed.length > 40);
    for (const name of listed) assert.ok(Object.hasOwn(OPTIONS, name), `--${name} is parsed`);
  });

  it('completes every option in bash, zsh and fish', () => {
    const bash = completionScript('bash');
    const zsh = completionScript('zsh');
    const fish = completionScript('fish');
    for (const name of names) {
      assert.match(bash, new RegExp(`--${name}\\b`), `bash --${name}`);
      assert.match(zsh, new RegExp(`--${name}[=\\[}]`), `zsh --${name}`);
      assert.match(fish, new RegExp(`-l ${name}\\b`), `fish --${name}`);
    }
  });

  it('offers every choice of every option in each shell, --ui browser included', () => {
    assert.ok((OPTION_VALUES.ui as readonly string[]).includes('browser'));
    const bash = completionScript('bash');
    const zsh = completionScript('zsh');
    const fish = completionScript('fish');
    for (const [name, values] of Object.entries(OPTION_VALUES)) {
      assert.ok(Object.hasOwn(OPTIONS, name), `--${name} is parsed`);
      if (values === 'files') continue;
      const words = values.join(' ');
      assert.ok(bash.includes(`--${name}) COMPREPLY=($(compgen -W "${words}"`), `bash --${name}`);
      assert.ok(zsh.includes(`:value:(${words})`), `zsh --${name}`);
      assert.ok(fish.includes(`-l ${name} -x -a '${words}'`), `fish --${name}`);
    }
  });
});
