// `pattern` is matched on RE2 but must mean exactly what ECMA-262 (u flag, as Ajv compiles it) means:
// a differential property against the host's own RegExp, plus the RE2-vs-ECMA regressions of issue 12.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { compilePattern, matchPattern, patternBudget } from '../../src/core/pattern.js';
import { FUZZ_RUNS } from './fuzz-runs.js';

// Characters where RE2 and ECMA disagree (\s, ., line terminators) plus ordinary and astral ones.
const TRICKY = ['a', 'b', 'Z', '0', '9', '_', '-', ' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680'];
const MORE = [
  '\u2000',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
  '\u180e',
  'é',
  'ſ',
];
const ALPHABET = [...TRICKY, ...MORE, '😀', '\u212a', '.', '[', ']', '^', '$'];

// V8 also tries a match inside a surrogate pair (/\B/u.test('a😀a') is true), which ECMA-262 never does
// with the u flag (AdvanceStringIndex steps by code point), so the reference tries code-point starts only.
const ecma = (pattern: string, value: string) => {
  const re = new RegExp(pattern, 'uy');
  for (let at = 0; at <= value.length; at += (value.codePointAt(at) ?? 0) > 0xffff ? 2 : 1) {
    re.lastIndex = at;
    if (re.test(value)) return true;
  }
  return false;
};
const ours = (pattern: string, value: string) => matchPattern(pattern, value, patternBudget()) === 'match';

const escapeChar = (c: string) => (/[\\^$.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c);
const escapeInClass = (c: string) => (/[\\\][^-]/.test(c) ? `\\${c}` : c);
const literal = fc.constantFrom(...ALPHABET).map(escapeChar);
const classItem = fc.oneof(
  fc.constantFrom(...ALPHABET).map(escapeInClass),
  fc.constantFrom('\\s', '\\S', '\\d', '\\D', '\\w', '\\W', 'a-z', '0-9', '\\u00a0', '\\u{1F600}', '\\n'),
);
const atom = fc.oneof(
  { weight: 3, arbitrary: literal },
  { weight: 3, arbitrary: fc.constantFrom('.', '\\s', '\\S', '\\d', '\\D', '\\w', '\\W', '[^]', '[]') },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.boolean(), fc.array(classItem, { maxLength: 4 }))
      .map(([neg, items]) => `[${neg ? '^' : ''}${items.join('')}]`),
  },
  { weight: 1, arbitrary: fc.constantFrom('^', '$', '\\b', '\\B') },
);
const quantifier = fc.constantFrom('', '', '', '*', '+', '?', '{2}', '{1,3}', '{0,}', '*?', '+?', '{2,}?');
const { pattern } = fc.letrec<{ pattern: string; term: string }>((tie) => ({
  term: fc.oneof(
    { maxDepth: 2, withCrossShrink: true },
    fc.tuple(atom, quantifier).map(([a, q]) => (/^[$^]|^\\[bB]$/.test(a) ? a : a + q)),
    fc
      .tuple(fc.constantFrom('(?:', '('), tie('pattern'), quantifier)
      .map(([open, body, q]) => `${open}${body})${q}`),
  ),
  pattern: fc
    .array(
      fc.array(tie('term'), { maxLength: 3 }).map((terms) => terms.join('')),
      { minLength: 1, maxLength: 2 },
    )
    .map((alternatives) => alternatives.join('|')),
}));
// Short patterns on short input keep the reference (a backtracking engine) fast.
const smallPattern = pattern.filter((source) => source.length <= 40);
const input = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 8 }).map((chars) => chars.join(''));

describe('pattern: exact ECMA-262 semantics on a linear-time engine (issue 12 item 3)', () => {
  it('agrees with the host RegExp (u flag) on generated patterns and tricky input', () => {
    fc.assert(
      fc.property(smallPattern, fc.array(input, { minLength: 1, maxLength: 6 }), (source, values) => {
        const compiled = compilePattern(source);
        assert.ok(compiled.ok, `${source}: ${compiled.ok ? '' : compiled.issues[0]?.message}`);
        for (const value of values)
          assert.equal(ours(source, value), ecma(source, value), `${source} on ${JSON.stringify(value)}`);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it('keeps NBSP, U+2028/2029, U+3000 and U+FEFF out of \\S, so ^\\S+$ rejects "a\\u00a0b" (RE2 vs ECMA)', () => {
    assert.equal(ours('^\\S+$', 'a\u00a0b'), false);
    for (const space of ['\u000b', '\u00a0', '\u2028', '\u2029', '\u3000', '\ufeff']) {
      assert.equal(ours('^\\s$', space), true, JSON.stringify(space));
      assert.equal(ours('^\\S$', space), false, JSON.stringify(space));
    }
    assert.equal(ours('^\\s$', '\u180e'), false);
  });

  it('keeps \\r and U+2028/2029 out of "." and treats astral characters as one (RE2 vs ECMA)', () => {
    for (const terminator of ['\n', '\r', '\u2028', '\u2029']) assert.equal(ours('^.$', terminator), false);
    assert.equal(ours('^.$', '😀'), true);
    assert.equal(ours('^[^a]$', '😀'), true);
  });

  it('never starts a match inside a surrogate pair, as ECMA-262 says and V8 does not (\\B in "a😀a")', () => {
    assert.equal(ecma('\\B', 'a😀a'), false);
    assert.equal(ours('\\B', 'a😀a'), false);
    assert.equal(ours('\\B', '😀'), true, 'at the start, before a non-word character');
  });

  it('reads [] as matching nothing, [^] as anything, and [[:a] as a plain class (not POSIX syntax)', () => {
    assert.equal(ours('a[]', 'a'), false);
    assert.equal(ours('^[^]$', '\n'), true);
    assert.equal(ours('^[[:a]$', ':'), true);
    assert.equal(compilePattern('[[:alpha:]]').ok, false, 'a lone ] is a syntax error with the u flag');
  });

  it('refuses what cannot be matched exactly in linear time, saying why', () => {
    const reasons: Record<string, RegExp> = {
      '^(?=.*\\d).{8,}$': /lookahead/,
      '(?<=a)b': /lookbehind/,
      '(a)\\1': /backreference/,
      '\\p{L}': /Unicode property/,
      'a{1001}': /repeat count/,
      '(': /not a valid ECMA-262/,
      '\\-': /not a valid ECMA-262/,
    };
    for (const [source, reason] of Object.entries(reasons)) {
      const compiled = compilePattern(source);
      assert.ok(!compiled.ok, source);
      assert.match(compiled.issues[0]?.message ?? '', reason, source);
    }
  });
});
