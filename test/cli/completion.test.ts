// `mcp-elicit completion <shell>`: each script is valid for its shell and offers every command and
// option (issue 11). zsh and fish come from Debian via scripts/ensure-test-tools.sh.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ELICIT_CHOICES, MODE_CHOICES, UI_CHOICES } from '../../src/cli/arg-values.js';
import { OPTIONS, parseCliArgs } from '../../src/cli/args.js';
import { COMMAND_NAMES } from '../../src/cli/command-table.js';
import { completionScript } from '../../src/cli/completion.js';
import { LOG_LEVELS } from '../../src/cli/log-level.js';
import { OPTION_LIST } from '../../src/cli/options/index.js';
import { runCli } from '../helpers/cli.js';

/** Each option's completion values, from the option table. */
const OPTION_VALUES: Record<string, readonly string[] | 'files'> = Object.fromEntries(
  OPTION_LIST.flatMap((option) => (option.values === undefined ? [] : [[option.name, option.values]])),
);

const dir = mkdtempSync(join(tmpdir(), 'mcp-elicit-completion-'));

function run(command: string, args: string[]): { status: number | null; out: string } {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, HOME: dir, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir },
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

function assertListsEverything(script: string, optionPattern: (name: string) => RegExp): void {
  for (const command of COMMAND_NAMES)
    assert.match(script, new RegExp(`\\b${command}\\b`), `command ${command}`);
  for (const option of Object.keys(OPTIONS))
    assert.match(script, optionPattern(option), `option --${option}`);
}

describe('shell completion', () => {
  it('prints the script from the built CLI', async () => {
    const cli = await runCli(['completion', 'bash']);
    assert.equal(cli.status, 0, cli.stderr);
    assert.equal(cli.stdout, completionScript('bash'));
  });

  it('bash: the script passes bash -n, lists every command and option, and completes them', () => {
    const script = completionScript('bash');
    const file = join(dir, 'mcp-elicit.bash');
    writeFileSync(file, script);
    assert.equal(run('bash', ['-n', file]).status, 0);
    assertListsEverything(script, (name) => new RegExp(`--${name}\\b`));
    const complete = (...words: string[]) =>
      run('bash', [
        '-c',
        `source ${file}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _mcp_elicit; printf '%s\\n' "\${COMPREPLY[@]}"`,
      ]).out.trim();
    assert.equal(complete('mcp-elicit', '--jso'), '--json');
    assert.equal(complete('mcp-elicit', 'ca'), 'call');
    assert.equal(complete('mcp-elicit', '--ui', 'p'), 'plain');
    assert.equal(complete('mcp-elicit', 'completion', 'f'), 'fish');
    assert.equal(
      complete('mcp-elicit', '--ui', 'plain', 'to'),
      'tools',
      'an option value is not the command',
    );
  });

  it('zsh: the script passes zsh -n and lists every command and option', () => {
    const script = completionScript('zsh');
    const file = join(dir, '_mcp-elicit');
    writeFileSync(file, script);
    const check = run('zsh', ['-n', file]);
    assert.equal(check.status, 0, check.out);
    assert.match(script, /^#compdef mcp-elicit\n/);
    assertListsEverything(script, (name) => new RegExp(`--${name}[=\\[}]`));
    // Loaded by compinit from fpath, it registers itself for mcp-elicit.
    const loaded = run('zsh', [
      '-fc',
      `fpath=(${dir} $fpath); autoload -Uz compinit; compinit -u -d ${join(dir, 'zcompdump')}; print -r -- $_comps[mcp-elicit]`,
    ]);
    assert.equal(loaded.out.trim(), '_mcp-elicit');
  });

  it('fish: the script passes fish -n, lists every command and option, and completes them', () => {
    const script = completionScript('fish');
    const file = join(dir, 'mcp-elicit.fish');
    writeFileSync(file, script);
    const check = run('fish', ['-n', file]);
    assert.equal(check.status, 0, check.out);
    assertListsEverything(script, (name) => new RegExp(`-l ${name}\\b`));
    const complete = (line: string) =>
      run('fish', ['-c', `source ${file}; complete -C '${line}'`])
        .out.split('\n')
        .map((l) => l.split('\t')[0])
        .filter(Boolean);
    assert.deepEqual(complete('mcp-elicit --jso'), ['--json']);
    assert.ok(complete('mcp-elicit ').includes('servers'));
    assert.deepEqual(complete('mcp-elicit --ui p'), ['plain']);
  });

  // The lists the parsers accept: a value added to one of them must be completed in every shell.
  const accepted: Record<string, readonly string[]> = {
    ui: UI_CHOICES,
    modes: MODE_CHOICES,
    'log-level': LOG_LEVELS,
    elicit: ELICIT_CHOICES,
    protocol: ['auto', 'legacy', 'modern'],
    'rate-limit': ['off'],
  };

  it('offers every value each option accepts, in bash, zsh and fish (--ui browser included)', () => {
    const bashFile = join(dir, 'values.bash');
    writeFileSync(bashFile, completionScript('bash'));
    const fishFile = join(dir, 'values.fish');
    writeFileSync(fishFile, completionScript('fish'));
    const zsh = completionScript('zsh');
    for (const [option, values] of Object.entries(accepted)) {
      const bash = run('bash', [
        '-c',
        `source ${bashFile}; COMP_WORDS=(mcp-elicit --${option} ''); COMP_CWORD=2; _mcp_elicit; printf '%s\\n' "\${COMPREPLY[@]}"`,
      ]).out.split('\n');
      const fish = run('fish', ['-c', `source ${fishFile}; complete -C 'mcp-elicit --${option} '`])
        .out.split('\n')
        .map((l) => l.split('\t')[0]);
      const zshValues =
        zsh.match(new RegExp(`--${option}=\\[[^\\]]*\\]:value:\\(([^)]*)\\)`))?.[1]?.split(' ') ?? [];
      for (const value of values) {
        assert.ok(bash.includes(value), `bash completes --${option} ${value}`);
        assert.ok(fish.includes(value), `fish completes --${option} ${value}`);
        assert.ok(zshValues.includes(value), `zsh completes --${option} ${value}`);
      }
    }
  });

  it('offers only values the parser accepts', () => {
    for (const [option, values] of Object.entries(OPTION_VALUES)) {
      if (values === 'files') continue;
      for (const value of values) {
        const argv = [
          `--${option}`,
          value,
          ...(option === 'session-idle' ? ['--listen', '127.0.0.1:0'] : []),
          ...(option === 'print-config-format' ? ['--print-config'] : []),
          ...(['elicit', 'keep-alive', 'session-idle', 'print-config-format'].includes(option)
            ? ['proxy']
            : ['call', 't']),
          '--',
          'srv',
        ];
        assert.doesNotThrow(() => parseCliArgs(argv), `--${option} ${value}`);
      }
    }
  });
});
