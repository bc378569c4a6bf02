// Properties on hostile input (issue 12, tests): the parser on arbitrary JSON and on mutated valid
// schemas, analyzeUrl and sanitizeText on hostile strings. None may throw; each keeps its promises.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { sanitizeText } from '../../src/core/sanitize.js';
import { parseRequestedSchema } from '../../src/core/schema-parser.js';
import { analyzeUrl, MAX_URL_LENGTH } from '../../src/core/url-safety.js';
import { FUZZ_RUNS } from './fuzz-runs.js';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/schemas/${name}`, import.meta.url), 'utf8'));
const VALID = ['enum-edge-cases.json'].map(fixture);

function assertParses(schema: unknown): void {
  const parsed = parseRequestedSchema(schema);
  if (!parsed.ok) {
    assert.ok(parsed.issues.length > 0, 'a refusal names at least one problem');
    for (const i of parsed.issues) assert.equal(typeof i.message, 'string');
    return;
  }
  const properties = (schema as { properties: Record<string, unknown> }).properties;
  for (const field of parsed.value.fields) assert.ok(Object.hasOwn(properties, field.name));
}

type Path = readonly (string | number)[];

// Replaces, deletes or duplicates what is at a random path of a valid schema.
function mutate(root: unknown, path: Path, replacement: unknown, remove: boolean): unknown {
  if (path.length === 0) return replacement;
  if (typeof root !== 'object' || root === null) return replacement;
  const copy = (Array.isArray(root) ? [...root] : { ...root }) as Record<string, unknown>;
  const keys = Object.keys(copy);
  if (keys.length === 0) return remove ? copy : { ...copy, [String(path[0])]: replacement };
  const key = keys[Number(path[0]) % keys.length] as string;
  if (remove && path.length === 1) {
    if (Array.isArray(copy)) copy.splice(Number(key), 1);
    else delete copy[key];
  } else copy[key] = mutate(copy[key], path.slice(1), replacement, remove);
  return copy;
}

const HOSTILE = [
  '\u001b[2J',
  '\u009b31m',
  '\u009d8;;https://evil/\u0007',
  '\u202e',
  '\u2066',
  '\r\n',
  '\u0000',
  '%2F',
  '\\',
  '@',
  'xn--',
  '/',
];
const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .array(fc.constantFrom(...HOSTILE, 'a', '.', ':', 'https://', 'example.com'), { maxLength: 30 })
    .map((parts) => parts.join('')),
);

describe('hostile input: the engine never throws and keeps its promises (issue 12)', () => {
  it('parseRequestedSchema on arbitrary JSON returns a model or issues', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => assertParses(value)),
      { numRuns: FUZZ_RUNS },
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })), (properties) =>
        assertParses({ type: 'object', properties }),
      ),
      { numRuns: FUZZ_RUNS },
    );
  });

  it('parseRequestedSchema on mutated valid schemas returns a model or issues', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VALID),
        fc.array(fc.oneof(fc.nat(50), fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 4 }),
        fc.jsonValue({ maxDepth: 2 }),
        fc.boolean(),
        (schema, path, replacement, remove) => assertParses(mutate(schema, path, replacement, remove)),
      ),
      { numRuns: FUZZ_RUNS * 2 },
    );
  });

  it('analyzeUrl on hostile strings never throws, never allows a non-web scheme or an unreviewable URL', () => {
    const url = fc.oneof(
      hostileString,
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc
        .tuple(fc.constantFrom('https://', 'http://', 'javascript:', 'file://', 'https:\\\\'), hostileString)
        .map(([scheme, rest]) => scheme + rest),
    );
    fc.assert(
      fc.property(url, (input) => {
        const analysis = analyzeUrl(input, { serverOrigin: 'https://example.com' });
        if (!analysis.allowed) return assert.ok((analysis.refusal ?? '').length > 0);
        assert.ok(
          analysis.scheme === 'https' ||
            (analysis.scheme === 'http' && analysis.warnings.some((w) => w.code === 'http-loopback')),
        );
        assert.ok(analysis.href.length <= MAX_URL_LENGTH);
        assert.ok(analysis.asciiHost.length > 0);
      }),
      { numRuns: FUZZ_RUNS * 2 },
    );
  });

  it('sanitizeText on hostile strings leaves no control, escape or bidi character and keeps maxLength', () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the property is about control characters
    const forbidden = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
    fc.assert(
      fc.property(hostileString, fc.boolean(), fc.integer({ min: 1, max: 20 }), (input, multiline, max) => {
        const out = sanitizeText(input, { multiline, maxLength: max });
        assert.ok(!forbidden.test(out), JSON.stringify(out));
        if (!multiline) assert.ok(!out.includes('\n'));
        assert.ok([...out].length <= max);
      }),
      { numRuns: FUZZ_RUNS * 2 },
    );
  });
});
