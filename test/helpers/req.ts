// A test title that cites requirement ids (docs/requirements.md), so test/requirements.test.ts can
// find which tests verify which rule: req('C-17', 'an undeclared mode is refused') gives
// 'an undeclared mode is refused (C-17)'.
export type RequirementId = `${'C' | 'E' | 'H' | 'M' | 'S' | 'T' | 'X'}-${number}`;

export function req(ids: RequirementId | readonly RequirementId[], sentence: string): string {
  const list = typeof ids === 'string' ? [ids] : ids;
  if (list.length === 0) throw new RangeError(`req: no requirement id for "${sentence}"`);
  return `${sentence} (${list.join(', ')})`;
}
