// The parking flags, checked before anything connects.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCliArgs } from '../../src/cli/args.js';
import { parkFromEnv } from '../../src/cli/park/park-args.js';

const usage = (argv: string[]): string => {
  try {
    parseCliArgs(argv);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

describe('--park, --park-ttl, --done and answer', () => {
  // P-01 P-08
  it('parks call, prompt and read only, for 1 hour unless --park-ttl says otherwise', () => {
    assert.equal(parseCliArgs(['--park', 'call', 't', '--', 's']).parkTtlMs, 3_600_000);
    assert.equal(
      parseCliArgs(['--park', '--park-ttl', '30m', 'read', 'u://x', '--', 's']).parkTtlMs,
      1_800_000,
    );
    assert.equal(parseCliArgs(['--park', '--park-ttl', '90', 'prompt', 'p', '--', 's']).parkTtlMs, 90_000);
    assert.match(usage(['--park', 'tools', '--', 's']), /--park only applies to call, prompt and read/);
    assert.match(
      usage(['--park', '--set', 'a=1', 'call', 't', '--', 's']),
      /cannot be combined with --ui or the scripted flags/,
    );
    assert.match(usage(['--park-ttl', '5m', 'call', 't', '--', 's']), /--park-ttl needs --park/);
    assert.match(usage(['--park', '--park-ttl', '0', 'call', 't', '--', 's']), /--park-ttl takes seconds/);
  });

  // P-01
  it('MCP_ELICIT_PARK=1 parks only a parkable command not told how to answer', () => {
    assert.equal(parkFromEnv('call', false, { MCP_ELICIT_PARK: '1' }), true);
    assert.equal(parkFromEnv('call', true, { MCP_ELICIT_PARK: '1' }), false, '--set and --ui win');
    assert.equal(parkFromEnv('tools', false, { MCP_ELICIT_PARK: '1' }), false);
    assert.equal(parkFromEnv('call', false, {}), false);
  });

  // P-03
  it('answer takes an id and no server; --done belongs to answer', () => {
    const args = parseCliArgs(['answer', 'AAAAAAAAAAAAAAAAAAAAAA', '--done']);
    assert.equal(args.command, 'answer');
    assert.equal(args.done, true);
    assert.deepEqual(parseCliArgs(['answer', 'x', '--args', '{"a":1}']).toolArgs, { a: 1 });
    assert.match(usage(['answer']), /answer needs the id of a parked question/);
    assert.match(usage(['answer', 'x', '--done', '--', 's']), /takes no server/);
    assert.match(usage(['--done', 'call', 't', '--', 's']), /--done only applies to answer/);
    assert.equal(parseCliArgs(['pending', '--json']).command, 'pending');
  });
});
