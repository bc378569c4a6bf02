// answer --ui (P-12): a person answers in the front-end, so the scripted ways to answer are refused
// beside it, before anything is asked (exit 2).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCliArgs } from '../../src/cli/args.js';
import { runCli } from '../helpers/cli.js';

const id = '0123456789abcdef0123456789abcdef';
const usage = (argv: string[]): string => {
  try {
    parseCliArgs(argv);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

describe('answer --ui', () => {
  // P-12
  it('takes terminal, plain, browser or auto, and none of the scripted answers beside it', () => {
    for (const ui of ['terminal', 'plain', 'browser', 'auto'])
      assert.equal(parseCliArgs(['answer', id, '--ui', ui]).ui, ui);
    assert.match(
      usage(['answer', id, '--ui', 'plain', '--done']),
      /answer --ui plain asks a person; it cannot be combined/,
    );
    assert.match(
      usage(['answer', id, '--ui', 'browser', '--args', '{"a":1}']),
      /cannot be combined with --set, --args/,
    );
    assert.match(
      usage(['answer', id, '--ui', 'terminal', '--set', 'a=1']),
      /--ui terminal cannot be combined with --answers, --set/,
    );
    assert.match(usage(['answer', id, '--ui', 'plain', '--decline']), /cannot be combined/);
    assert.match(
      usage(['answer', id, '--ui', 'scripted']),
      /answer --ui takes terminal, plain, browser or auto/,
    );
  });

  // P-12
  it('exits 2 with the reason on the command line, and lists --ui in answer --help', async () => {
    const run = await runCli(['answer', id, '--ui', 'plain', '--cancel']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /cannot be combined/);
    const help = await runCli(['answer', '--help']);
    assert.match(help.stdout, /mcp-elicit answer <id> --ui terminal \| plain \| browser/);
    assert.match(help.stdout, /--ui <name>[\s\S]*Put the question in front of a person/);
  });
});
