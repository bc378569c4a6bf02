// International hosts (spec §8.1 C-29): the readable form of an `xn--` host, and look-alike
// tricks (mixed scripts in one label, a label written entirely in letters that imitate Latin).
import { toUnicode } from 'tr46';
import type { UrlWarning } from './url-warning.js';

// Scripts that real hostnames mix legitimately within one label (Chromium's IDN policy allows
// Latin with Han/Kana/Hangul, and the Japanese and Korean script combinations).
const SCRIPTS: readonly (readonly [string, RegExp])[] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Han', /\p{Script=Han}/u],
  ['Hiragana', /\p{Script=Hiragana}/u],
  ['Katakana', /\p{Script=Katakana}/u],
  ['Hangul', /\p{Script=Hangul}/u],
];
const CJK = new Set(['Han', 'Hiragana', 'Katakana', 'Hangul']);

// Cyrillic and Greek letters that render like Latin ones (Unicode confusables, lower case).
const LATIN_LOOKALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  һ: 'h',
  і: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  п: 'n',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  т: 't',
  ц: 'u',
  ѵ: 'v',
  ԝ: 'w',
  х: 'x',
  у: 'y',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
};

/** The Unicode form of an ASCII host; `invalid` when its Punycode is malformed (host kept as is). */
export function unicodeForm(host: string, ip: boolean): { host: string; invalid: boolean } {
  if (ip || !/(^|\.)xn--/i.test(host)) return { host, invalid: false };
  const { domain, error } = toUnicode(host, { ignoreInvalidPunycode: false });
  return { host: error ? host : domain, invalid: error };
}

export function checkIdn(
  warnings: UrlWarning[],
  asciiHost: string,
  unicodeHost: string,
  invalid: boolean,
): void {
  if (/(^|\.)xn--/i.test(asciiHost)) {
    warnings.push({
      code: 'punycode',
      message: invalid
        ? `The host ${asciiHost} contains malformed Punycode (xn--) labels.`
        : `The host uses international characters: it reads as ${unicodeHost} but is really ${asciiHost}. Look-alike letters can imitate another site.`,
    });
  }
  for (const label of unicodeHost.split('.')) {
    const scripts = scriptsOf(label);
    if (scripts.length > 1 && !isAllowedMix(scripts)) {
      warnings.push({
        code: 'mixed-script',
        message: `The host label "${label}" mixes ${scripts.join(' and ')} letters, a common look-alike trick.`,
      });
      continue;
    }
    const skeleton = latinSkeleton(label);
    if (scripts.length === 1 && scripts[0] !== 'Latin' && skeleton !== undefined) {
      warnings.push({
        code: 'mixed-script',
        message: `The host label "${label}" is written in ${scripts[0]} letters that look like the Latin "${skeleton}".`,
      });
    }
  }
}

function scriptsOf(label: string): string[] {
  const found: string[] = [];
  for (const char of label) {
    const script = SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0];
    if (script !== undefined && !found.includes(script)) found.push(script);
  }
  return found;
}

function isAllowedMix(scripts: readonly string[]): boolean {
  return (
    scripts.every((s) => s === 'Latin' || CJK.has(s)) &&
    !(scripts.includes('Hangul') && scripts.includes('Katakana'))
  );
}

function latinSkeleton(label: string): string | undefined {
  let out = '';
  for (const char of label) {
    if (/[0-9-]/.test(char)) out += char;
    else {
      const latin = LATIN_LOOKALIKES[char];
      if (latin === undefined) return undefined;
      out += latin;
    }
  }
  return /[a-z]/.test(out) ? out : undefined;
}
