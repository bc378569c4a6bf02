import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSchemaCache } from '../../src/mcp/schema-cache.js';

const schema = (title: string) => ({ type: 'object', properties: { name: { type: 'string', title } } });

describe('the adapter parse cache', () => {
  it('returns the same frozen model for a schema seen before, and a fresh parse for a new one', () => {
    const parse = createSchemaCache();
    const first = parse(schema('Name'));
    const again = parse(schema('Name'));
    const other = parse(schema('Full name'));
    assert.ok(first.ok && again.ok && other.ok);
    assert.equal(again, first, 'the same schema text is parsed once');
    assert.notEqual(other, first);
    assert.equal(other.value.fields[0]?.label, 'Full name');
    assert.ok(
      Object.isFrozen(first.value) && Object.isFrozen(first.value.fields[0]),
      'shared models cannot be changed',
    );
  });

  it('keeps rejections too, and forgets the least recently used schema beyond its limit', () => {
    const parse = createSchemaCache(2);
    const bad = parse({ type: 'object', properties: { a: { type: 'object' } } });
    assert.equal(bad.ok, false);
    const a = parse(schema('A'));
    parse(schema('B')); // evicts the rejection
    parse(schema('C')); // evicts A, now the least recently used
    assert.notEqual(parse(schema('A')), a, 'A was evicted and parsed anew');
  });
});
