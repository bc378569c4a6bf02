// `pattern` is not part of StringSchema but the 2025-11-25 page shows it (spec 2025 §6 point 1), so
// it is enforced, with exact ECMA-262 semantics (ecma-pattern.ts), on RE2 (re2js): a linear-time
// engine, so a hostile server cannot stall the client with catastrophic backtracking. Linear is not
// cheap: one check costs about program size x input length steps (~20 ns each), so every check is
// charged to a budget and a check that would overrun it fails instead of running (fail closed).
// A pattern that cannot be enforced this way is refused by the parser, never silently skipped.
import { RE2JS } from 're2js';
import { ecmaToRe2 } from './ecma-pattern.js';
import type { PlainIssue, Validation } from './issues.js';

/** Longest pattern we compile; longer ones are refused. */
export const MAX_PATTERN_LENGTH = 1024;
// Compiled-program size bound: counted repetitions like (a{999}){9} are short strings that compile
// to huge programs. Real patterns stay far below; this one still checks 200 characters in budget.
const MAX_PROGRAM_SIZE = 5000;
// The translator's estimate runs about twice the real size: above this, RE2 is not even asked.
const MAX_ESTIMATE = 2 * MAX_PROGRAM_SIZE;
/**
 * Steps (program size x (input length + 1)) one validation pass may spend on patterns: about 20 ms
 * at re2js's worst measured speed, so a parse plus a validation in one turn stay under 50 ms.
 */
export const PATTERN_STEP_BUDGET = 1_000_000;
/**
 * Compile units one pass may spend on patterns it has not compiled before: each pattern character
 * costs TRANSLATE_COST (parsing and translating it), each character of the RE2 source and each
 * estimated instruction 1 (RE2's compile). Both grow with the text, so many large distinct patterns cannot add up to a long block.
 */
export const PATTERN_SOURCE_BUDGET = 16_384;
const TRANSLATE_COST = 8;

/** What a pass may still spend on patterns; shared by every field it checks. */
export interface PatternBudget {
  /** Matching steps (program size x input length) still allowed. */
  steps: number;
  /** Pattern source characters still allowed to compile. */
  source: number;
}

export function patternBudget(): PatternBudget {
  return { steps: PATTERN_STEP_BUDGET, source: PATTERN_SOURCE_BUDGET };
}

export type MatchResult = 'match' | 'no-match' | 'too-costly';

export interface PatternMatcher {
  /** The longest input one check can afford within a fresh budget. */
  readonly maxInput: number;
  readonly match: (value: string, budget: PatternBudget) => MatchResult;
}

/** Why a pattern cannot be enforced; `overBudget` when only this request's compile budget is spent. */
export interface PatternIssue extends PlainIssue {
  readonly overBudget?: true;
}

/** A matcher, or why the pattern cannot be enforced. */
export type CompiledPattern = Validation<PatternMatcher, PatternIssue>;

const cache = new Map<string, CompiledPattern>();
const CACHE_LIMIT = 256;

// Recent results, so a default checked when parsing is not matched again when the answer is
// validated, and the terminal's whole-form check on every key re-matches only the edited field.
// Keys hold references to strings that exist anyway (defaults, drafts); bounded in count.
const memo = new Map<RE2JS, Map<string, boolean>>();
const MEMO_LIMIT = 512;
const MEMO_FROM = 2000;
let memoSize = 0;

function remember(re: RE2JS, value: string, result: boolean): void {
  if (memoSize >= MEMO_LIMIT) {
    memo.clear();
    memoSize = 0;
  }
  const results = memo.get(re) ?? new Map<string, boolean>();
  memo.set(re, results);
  results.set(value, result);
  memoSize += 1;
}

const refused = (message: string): CompiledPattern => ({ ok: false, issues: [{ message }] });
const TOO_LARGE = refused('it compiles to a program too large to match in time');

// Not cached: the same pattern may fit a later request's budget.
const OVER_BUDGET: CompiledPattern = {
  ok: false,
  issues: [
    { message: 'the patterns of this request are too large, together, to compile in time', overBudget: true },
  ],
};

function compileUncached(source: string, budget: PatternBudget): CompiledPattern {
  if (source.length > MAX_PATTERN_LENGTH)
    return refused(`it is longer than ${MAX_PATTERN_LENGTH} characters`);
  if (source.length * TRANSLATE_COST > budget.source) return OVER_BUDGET;
  budget.source -= source.length * TRANSLATE_COST;
  const parsed = ecmaToRe2(source);
  if (!parsed.ok) return parsed;
  const translated = parsed.value;
  if (translated.size > MAX_ESTIMATE) return TOO_LARGE;
  // RE2's compile grows with its source and with the program it builds.
  const compileCost = translated.source.length + translated.size;
  if (compileCost > budget.source) return OVER_BUDGET;
  budget.source -= compileCost;
  let re: RE2JS;
  try {
    re = RE2JS.compile(translated.source);
  } catch {
    // Parsed as ECMA-262 but beyond RE2's limits, e.g. a repeat count over 1000.
    return refused('it is too large to check in linear time (a repeat count over 1000?)');
  }
  const size = re.programSize();
  if (size > MAX_PROGRAM_SIZE) return TOO_LARGE;
  const match = (value: string, budget: PatternBudget): MatchResult => {
    // JS length counts UTF-16 units, at least the code points RE2 steps through: an upper bound.
    const cost = size * (value.length + 1);
    // Never affordable: answer before hashing a long value for the memo.
    if (cost > PATTERN_STEP_BUDGET) return 'too-costly';
    // Cheap checks skip the memo: matching costs less than remembering (options come by the thousand).
    const memoised = cost >= MEMO_FROM;
    const known = memoised ? memo.get(re)?.get(value) : undefined;
    if (known !== undefined) return known ? 'match' : 'no-match';
    if (cost > budget.steps) return 'too-costly';
    budget.steps -= cost;
    // JSON Schema `pattern` is an unanchored search (2020-12 validation §6.3.3).
    const result = re.test(value);
    if (memoised) remember(re, value, result);
    return result ? 'match' : 'no-match';
  };
  return { ok: true, value: { maxInput: Math.floor(PATTERN_STEP_BUDGET / size) - 1, match } };
}

/**
 * Compile a server-supplied pattern once (compiling is charged to `budget`); the result says why
 * when it cannot be enforced.
 */
export function compilePattern(source: string, budget: PatternBudget = patternBudget()): CompiledPattern {
  const cached = cache.get(source);
  if (cached) return cached;
  const compiled = compileUncached(source, budget);
  if (compiled === OVER_BUDGET) return compiled;
  if (cache.size >= CACHE_LIMIT) {
    cache.clear();
    memo.clear();
    memoSize = 0;
  }
  cache.set(source, compiled);
  return compiled;
}

/** Checks `value` against `source` within `budget`; a pattern that cannot be compiled never matches. */
export function matchPattern(
  source: string,
  value: string,
  budget: PatternBudget = patternBudget(),
): MatchResult {
  const compiled = compilePattern(source, budget);
  if (compiled === OVER_BUDGET) return 'too-costly';
  return compiled.ok ? compiled.value.match(value, budget) : 'no-match';
}
