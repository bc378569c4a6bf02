// A test title that cites requirement ids (docs/requirements.md), so test/requirements.test.ts can
// find which tests verify which rule. Either form gives 'an undeclared mode is refused (C-17)':
//   it(req`an undeclared mode is refused (C-17)`, ...)   (the formatter keeps this on one line)
//   it(req('C-17', 'an undeclared mode is refused'), ...)
// An id that is not in the table throws at once, in the test file that cites it.
import { readFileSync } from 'node:fs';

export type RequirementId = `${'A' | 'C' | 'E' | 'G' | 'H' | 'M' | 'S' | 'T' | 'X'}-${number}`;

const CITED = /^\S[\s\S]* \(([A-Z]-\d{2}(?:, [A-Z]-\d{2})*)\)$/;
let known: Set<string> | undefined;

function check(ids: readonly string[], title: string): string {
  known ??= new Set(
    (
      JSON.parse(readFileSync(new URL('../../docs/requirements.json', import.meta.url), 'utf8')) as {
        rows: { id: string }[];
      }
    ).rows.map((row) => row.id),
  );
  const unknown = ids.filter((id) => !known?.has(id));
  if (ids.length === 0 || unknown.length > 0) {
    throw new RangeError(
      `req: "${title}" must cite ids of docs/requirements.json (unknown: ${unknown.join(', ')})`,
    );
  }
  return title;
}

export function req(strings: TemplateStringsArray, ...values: unknown[]): string;
export function req(ids: RequirementId | readonly RequirementId[], sentence: string): string;
export function req(
  first: TemplateStringsArray | RequirementId | readonly RequirementId[],
  ...rest: unknown[]
): string {
  if (typeof first === 'object' && 'raw' in first) {
    const title = first.reduce((out, part, i) => `${out}${i > 0 ? String(rest[i - 1]) : ''}${part}`, '');
    return check(CITED.exec(title)?.[1]?.split(', ') ?? [], title);
  }
  const ids = typeof first === 'string' ? [first] : [...first];
  return check(ids, `${String(rest[0])} (${ids.join(', ')})`);
}
