import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRequestedSchema } from '../../src/core/schema-parser.js';
import { createSchemaCache } from '../../src/mcp/schema-cache.js';
import { parseInSlices } from '../../src/mcp/sliced-parse.js';

const schema = (title: string) => ({ type: 'object', properties: { name: { type: 'string', title } } });

describe('the adapter parse cache', () => {
  it('returns the same frozen model for a schema seen before, and a fresh parse for a new one', async () => {
    const parse = createSchemaCache();
    const first = await parse(schema('Name'));
    const again = await parse(schema('Name'));
    const other = await parse(schema('Full name'));
    assert.ok(first.ok && again.ok && other.ok);
    assert.equal(again, first, 'the same schema text is parsed once');
    assert.notEqual(other, first);
    assert.equal(other.value.fields[0]?.label, 'Full name');
    assert.ok(
      Object.isFrozen(first.value) && Object.isFrozen(first.value.fields[0]),
      'shared models cannot be changed',
    );
  });

  it('keeps rejections too, and forgets the least recently used schema beyond its limit', async () => {
    const parse = createSchemaCache(2);
    const bad = await parse({ type: 'object', properties: { a: { type: 'object' } } });
    assert.equal(bad.ok, false);
    const a = await parse(schema('A'));
    await parse(schema('B')); // evicts the rejection
    await parse(schema('C')); // evicts A, now the least recently used
    assert.notEqual(await parse(schema('A')), a, 'A was evicted and parsed anew');
  });

  it('parses a schema too long to keep afresh each time, with the same result as a direct parse', async () => {
    const options = Array.from({ length: 1000 }, (_, i) => `${'o'.repeat(40)}-${i}`);
    const big = { type: 'object', properties: { a: { type: 'string', enum: options } } };
    const parse = createSchemaCache();
    const first = await parse(big);
    assert.notEqual(await parse(big), first, 'over 32 KiB of JSON: not kept');
    assert.deepEqual(first, parseRequestedSchema(big));
  });
});

describe('parsing in slices (a huge schema must not hold the event loop)', () => {
  it('lets the event loop turn between properties and gives the same model as a direct parse', async () => {
    const properties = Object.fromEntries(
      Array.from({ length: 5 }, (_, i) => [`f${i}`, { type: 'string', enum: ['a', 'b'], default: 'a' }]),
    );
    const schema = { type: 'object', properties };
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const slices: number[] = [];
    const parsed = await parseInSlices(schema, { sliceMs: 0, onSlice: (ms) => slices.push(ms) });
    assert.deepEqual(parsed, parseRequestedSchema(schema));
    assert.equal(slices.length, 6, 'one slice per property, then the finish');
    assert.ok(turned, 'the event loop turned while the schema was being parsed');
  });
});
