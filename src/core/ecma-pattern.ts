// JSON Schema `pattern` is an ECMA-262 regular expression (2020-12 validation §6.3.3), and Ajv, the
// server SDKs' validator, compiles it with the `u` flag. We match it with RE2 (re2js) because RE2
// runs in linear time, but RE2's syntax and classes differ (`\s` lacks NBSP/U+2028/U+FEFF, `.`
// matches `\r`, `[]` and `[[:alpha:]]` mean other things). So the pattern is parsed by an
// ECMA-262 parser (regexpp) and re-emitted node by node as RE2 source whose every character set is
// spelled out as explicit code point ranges with the exact ECMA meaning. What RE2 cannot run in
// linear time (lookarounds, backreferences) or what we cannot spell exactly (`\p{…}`, whose
// Unicode tables differ between engines) is refused, never approximated.
import { type AST, RegExpParser } from '@eslint-community/regexpp';
import type { PlainIssue, Validation } from './issues.js';

/** RE2 source; `size` estimates RE2's program size from above (about twice the real one). */
export type Translation = Validation<{ readonly source: string; readonly size: number }, PlainIssue>;

type Range = readonly [number, number];

const MAX_CODE_POINT = 0x10ffff;
// ECMA-262 CharacterClassEscape sets (u flag, no i flag): \d, \w, and \s = WhiteSpace + LineTerminator.
const DIGIT: readonly Range[] = [[0x30, 0x39]];
const WORD: readonly Range[] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
const SPACE: readonly Range[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
// `.` without the s flag: anything but a LineTerminator.
const LINE_TERMINATORS: readonly Range[] = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

const SYNTAX = new Set([...'\\^$.|?*+()[]{}-:#&~'].map((c) => c.codePointAt(0)));

class Refusal extends Error {}

const refusal = (message: string): Translation => ({ ok: false, issues: [{ message }] });

const parser = new RegExpParser({ ecmaVersion: 2024 });

function normalise(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [low, high] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else out.push([low, high]);
  }
  return out;
}

function complement(ranges: readonly Range[]): Range[] {
  const out: Range[] = [];
  let next = 0;
  for (const [low, high] of normalise(ranges)) {
    if (low > next) out.push([next, low - 1]);
    next = high + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

// Printable characters that are not RE2 syntax mean themselves; the rest (syntax, controls, spaces,
// surrogates, unassigned planes) is spelled as a code point. Short source compiles faster.
const hex = (code: number) =>
  code > 0x20 && code < 0xd800 && code !== 0x7f && !(code >= 0x80 && code <= 0xa0) && !SYNTAX.has(code)
    ? String.fromCharCode(code)
    : `\\x{${code.toString(16)}}`;

function emitSet(ranges: readonly Range[]): string {
  const merged = normalise(ranges);
  // An empty set matches nothing, as ECMA's `[]` does.
  if (merged.length === 0) return `[^${hex(0)}-${hex(MAX_CODE_POINT)}]`;
  return `[${merged.map(([low, high]) => (low === high ? hex(low) : `${hex(low)}-${hex(high)}`)).join('')}]`;
}

function escapeSet(node: AST.EscapeCharacterSet): Range[] {
  const base = node.kind === 'digit' ? DIGIT : node.kind === 'word' ? WORD : SPACE;
  return node.negate ? complement(base) : [...base];
}

function classRanges(node: AST.CharacterClass): Range[] {
  const ranges: Range[] = [];
  for (const element of node.elements) {
    switch (element.type) {
      case 'Character':
        ranges.push([element.value, element.value]);
        break;
      case 'CharacterClassRange':
        ranges.push([element.min.value, element.max.value]);
        break;
      case 'CharacterSet':
        if (element.kind !== 'property') {
          ranges.push(...escapeSet(element));
          break;
        }
        throw new Refusal('Unicode property escapes (\\p{…}) are not supported');
      default:
        throw new Refusal('set notation (the v flag) is not supported');
    }
  }
  return node.negate ? complement(ranges) : ranges;
}

function emitAlternatives(alternatives: readonly AST.Alternative[]): string {
  return `(?:${alternatives.map((alternative) => alternative.elements.map(emitElement).join('')).join('|')})`;
}

function emitQuantifier(node: AST.Quantifier): string {
  // Greedy or lazy does not change whether a match exists, only which one is found.
  const body = emitElement(node.element);
  const { min, max } = node;
  if (min === 0 && max === Number.POSITIVE_INFINITY) return `(?:${body})*`;
  if (min === 1 && max === Number.POSITIVE_INFINITY) return `(?:${body})+`;
  if (min === 0 && max === 1) return `(?:${body})?`;
  if (max === Number.POSITIVE_INFINITY) return `(?:${body}){${min},}`;
  return min === max ? `(?:${body}){${min}}` : `(?:${body}){${min},${max}}`;
}

function emitElement(node: AST.Element): string {
  switch (node.type) {
    case 'Character':
      return hex(node.value);
    case 'CharacterClass':
      return emitSet(classRanges(node));
    case 'CharacterSet':
      if (node.kind === 'any') return emitSet(complement(LINE_TERMINATORS));
      if (node.kind === 'property') throw new Refusal('Unicode property escapes (\\p{…}) are not supported');
      return emitSet(escapeSet(node));
    case 'Group':
      if (node.modifiers !== null) throw new Refusal('inline modifiers such as (?i:…) are not supported');
      return emitAlternatives(node.alternatives);
    case 'CapturingGroup':
      return emitAlternatives(node.alternatives);
    case 'Quantifier':
      return emitQuantifier(node);
    case 'Assertion':
      // RE2 without the multi-line flag reads ^ and $ as the text's edges, as ECMA does without m;
      // its \b is the ASCII word boundary, ECMA's without the i flag.
      if (node.kind === 'start') return '^';
      if (node.kind === 'end') return '$';
      if (node.kind === 'word') return node.negate ? '\\B' : '\\b';
      throw new Refusal(
        `${node.kind === 'lookahead' ? 'lookaheads' : 'lookbehinds'} cannot be checked in linear time`,
      );
    case 'Backreference':
      throw new Refusal('backreferences cannot be checked in linear time');
    default:
      throw new Refusal('set notation (the v flag) is not supported');
  }
}

// Roughly RE2's instruction count, from above: counted repeats are copied out, so (a{999}){9} is
// large though short. Known before RE2 compiles anything, so an oversized program costs nothing.
function sizeOf(nodes: readonly AST.Node[]): number {
  let total = 0;
  for (const node of nodes) {
    switch (node.type) {
      case 'Alternative':
        total += sizeOf(node.elements) + 1;
        break;
      case 'Group':
      case 'CapturingGroup':
        total += sizeOf(node.alternatives);
        break;
      case 'Quantifier': {
        const copies = node.max === Number.POSITIVE_INFINITY ? node.min + 1 : Math.max(node.max, 1);
        total += (sizeOf([node.element]) + 1) * copies;
        break;
      }
      default:
        total += 1;
    }
  }
  return total;
}

/** Parses `pattern` as ECMA-262 (u flag) and returns RE2 source that matches exactly the same strings. */
export function ecmaToRe2(pattern: string): Translation {
  let ast: AST.Pattern;
  try {
    ast = parser.parsePattern(pattern, 0, pattern.length, { unicode: true });
  } catch {
    return refusal('it is not a valid ECMA-262 regular expression (with the u flag)');
  }
  try {
    return {
      ok: true,
      value: { source: emitAlternatives(ast.alternatives), size: sizeOf(ast.alternatives) },
    };
  } catch (error) {
    if (error instanceof Refusal) return refusal(error.message);
    throw error;
  }
}
