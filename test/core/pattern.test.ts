// `pattern` is enforced with ECMA-262 meaning on a linear-time engine (re2js), within a step budget,
// or refused with a reason; never run on JS RegExp, where a hostile server could make it backtrack
// for seconds, and never silently skipped (issue 12).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  compilePattern,
  MAX_PATTERN_LENGTH,
  matchPattern,
  PATTERN_STEP_BUDGET,
  patternBudget,
} from '../../src/core/pattern.js';

const reason = (source: string) => {
  const compiled = compilePattern(source);
  return compiled.ok ? '' : (compiled.issues[0]?.message ?? '');
};

describe('pattern', () => {
  it('matches anywhere in the value, as JSON Schema pattern does (unanchored)', () => {
    assert.equal(matchPattern('[0-9]{3}', 'abc123def'), 'match');
    assert.equal(matchPattern('^[0-9]{3}$', 'abc123def'), 'no-match');
    assert.equal(matchPattern('^[a-z]+$', 'hello'), 'match');
  });

  it('answers a catastrophic-backtracking pattern (linear-time engine)', () => {
    assert.equal(matchPattern('^(a+)+$', `${'a'.repeat(50_000)}!`), 'no-match');
  });

  it('refuses, with a reason, what cannot be matched in linear time (lookaround, backreferences)', () => {
    assert.match(reason('(?=a)b'), /lookaheads cannot be checked in linear time/);
    assert.match(reason('(a)\\1'), /backreferences cannot be checked in linear time/);
  });

  it('refuses an over-long pattern and one that compiles to a huge program', () => {
    assert.match(reason('a'.repeat(MAX_PATTERN_LENGTH + 1)), /longer than/);
    // Short to write, huge once compiled: 21 counted repeats of a thousand.
    assert.match(reason('a{1000}'.repeat(21)), /too large/);
  });

  it('never matches with a pattern it refused (fail closed)', () => {
    assert.equal(matchPattern('(?=a)b', 'anything'), 'no-match');
  });

  it('does not run a check that would overrun the step budget, and charges the ones it runs', () => {
    const compiled = compilePattern('a');
    assert.ok(compiled.ok);
    const { maxInput } = compiled.value;
    assert.equal(matchPattern('a', 'a'.repeat(maxInput + 1)), 'too-costly');
    const budget = patternBudget();
    assert.equal(matchPattern('a', `b${'a'.repeat(maxInput - 1)}`, budget), 'match');
    assert.ok(budget.steps < PATTERN_STEP_BUDGET);
    assert.equal(matchPattern('a', `c${'a'.repeat(maxInput - 1)}`, budget), 'too-costly', 'budget spent');
  });

  it('compiles a source once and reuses it', () => {
    assert.equal(compilePattern('^x+$'), compilePattern('^x+$'));
  });
});
