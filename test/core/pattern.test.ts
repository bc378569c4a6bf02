// `pattern` is enforced with a linear-time engine (re2js) or ignored with a reason, never run on
// JS RegExp where a hostile server could make it backtrack for seconds.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  compilePattern,
  MAX_PATTERN_INPUT,
  MAX_PATTERN_LENGTH,
  matchesPattern,
} from '../../src/core/pattern.js';

describe('pattern', () => {
  it('matches anywhere in the value, as JSON Schema pattern does (unanchored)', () => {
    assert.equal(matchesPattern('[0-9]{3}', 'abc123def'), true);
    assert.equal(matchesPattern('^[0-9]{3}$', 'abc123def'), false);
    assert.equal(matchesPattern('^[a-z]+$', 'hello'), true);
  });

  it('answers a catastrophic-backtracking pattern quickly', () => {
    const started = process.hrtime.bigint();
    assert.equal(matchesPattern('^(a+)+$', `${'a'.repeat(50_000)}!`), false);
    // A backtracking engine would take far longer than this generous bound on this input.
    assert.ok(process.hrtime.bigint() - started < 2_000_000_000n);
  });

  it('refuses, with a reason, a pattern RE2 cannot compile (lookaround, backreferences)', () => {
    for (const source of ['(?=a)b', '(a)\\1']) {
      const compiled = compilePattern(source);
      assert.equal(compiled.ok, false, source);
      assert.match(compiled.ok ? '' : (compiled.issues[0]?.message ?? ''), /cannot compile/);
    }
  });

  it('refuses an over-long pattern and one that compiles to a huge program', () => {
    const long = compilePattern('a'.repeat(MAX_PATTERN_LENGTH + 1));
    assert.ok(!long.ok && /longer than/.test(long.issues[0]?.message ?? ''));
    // Short to write, huge once compiled: 21 counted repeats of a thousand.
    const huge = compilePattern('a{1000}'.repeat(21));
    assert.ok(!huge.ok && /too large/.test(huge.issues[0]?.message ?? ''));
  });

  it('lets a pattern that cannot be compiled match everything (it is ignored, with a note elsewhere)', () => {
    assert.equal(matchesPattern('(?=a)b', 'anything'), true);
  });

  it('fails input longer than the matching limit instead of matching it', () => {
    assert.equal(matchesPattern('a', 'a'.repeat(MAX_PATTERN_INPUT + 1)), false);
    assert.equal(matchesPattern('a', 'a'.repeat(MAX_PATTERN_INPUT)), true);
  });

  it('compiles a source once and reuses it', () => {
    assert.equal(compilePattern('^x+$'), compilePattern('^x+$'));
  });
});
