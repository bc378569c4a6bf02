// `pattern` is not part of StringSchema but the 2025-11-25 page shows it (spec 2025 §6 point 1), so
// it is tolerated and enforced with RE2 (re2js), a linear-time engine: a hostile server cannot
// stall the client with a catastrophic-backtracking pattern, which JS RegExp would allow.
// RE2 syntax differs from ECMA-262 in corners (no lookaround, no backreferences); a pattern RE2
// cannot compile is ignored with a note instead of being approximated.
import { RE2JS } from 're2js';
import type { PlainIssue, Validation } from './issues.js';

/** Longest pattern we compile; longer ones are ignored (with a note). */
export const MAX_PATTERN_LENGTH = 1024;
/** Longest input we match; longer input fails the check rather than being matched. */
export const MAX_PATTERN_INPUT = 65536;
// Compiled-program size bound: counted repetitions like (a{999}){999} are short strings that
// compile to huge programs.
const MAX_PROGRAM_SIZE = 20000;

/** A matcher, or why the pattern cannot be enforced. */
export type CompiledPattern = Validation<(value: string) => boolean, PlainIssue>;

const cache = new Map<string, CompiledPattern>();
const CACHE_LIMIT = 256;

function compileUncached(source: string): CompiledPattern {
  if (source.length > MAX_PATTERN_LENGTH) {
    return refused(`it is longer than ${MAX_PATTERN_LENGTH} characters`);
  }
  let re: RE2JS;
  try {
    re = RE2JS.compile(source);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return refused(`the linear-time engine cannot compile it (${detail})`);
  }
  if (re.programSize() > MAX_PROGRAM_SIZE) return refused('it compiles to a program that is too large');
  // JSON Schema `pattern` is an unanchored search (2020-12 validation §6.3.3).
  return { ok: true, value: (value) => value.length <= MAX_PATTERN_INPUT && re.test(value) };
}

/** Compile a server-supplied pattern once; the result says why when it cannot be enforced. */
export function compilePattern(source: string): CompiledPattern {
  const cached = cache.get(source);
  if (cached) return cached;
  const compiled = compileUncached(source);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(source, compiled);
  return compiled;
}

/** True when `value` matches `source`; a pattern that cannot be compiled matches everything. */
export function matchesPattern(source: string, value: string): boolean {
  const compiled = compilePattern(source);
  return compiled.ok ? compiled.value(value) : true;
}

function refused(message: string): CompiledPattern {
  return { ok: false, issues: [{ message }] };
}
