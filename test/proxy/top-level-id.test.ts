// The id of a line too long to parse, read from its start: only the outer object's member counts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { topLevelId } from '../../src/proxy/top-level-id.js';

describe('topLevelId', () => {
  it('reads a string or integer id of the outer object', () => {
    assert.equal(topLevelId('{"jsonrpc":"2.0","id":"a\\"b","method":"x","params":{"blob":"xxx'), 'a"b');
    assert.equal(topLevelId('{"id": 42 ,"method":"x"'), 42);
  });
  it('ignores ids nested in params, ids in strings, and what it cannot read whole', () => {
    assert.equal(topLevelId('{"method":"x","params":{"id":"nested","blob":"xx'), undefined);
    assert.equal(topLevelId('{"method":"\\"id\\":1","params":{"blob":"xx'), undefined);
    assert.equal(topLevelId('{"method":"x","id":"unfinish'), undefined);
    assert.equal(topLevelId('{"id":1.5,"method":"x"'), undefined);
    assert.equal(topLevelId('{"id":{"a":1},"method":"x"'), undefined);
    assert.equal(topLevelId('[{"id":1}'), undefined);
  });
});
