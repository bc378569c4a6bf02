// A plain-text table: left-aligned text columns, right-aligned numeric columns.

export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = header.map(
    (_, i) =>
      rows.some((r) => (r[i] ?? '') !== '') && rows.every((r) => /^([-+]?[\d.,]+[x%]?|—|)$/.test(r[i] ?? '')),
  );
  const line = (cells: readonly string[], isHeader: boolean) =>
    cells
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        return numeric[i] && !isHeader ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  return [
    line(header, true),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map((r) => line(r, false)),
  ].join('\n');
}

export function fixed(value: number | undefined, digits: number): string {
  return value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(digits);
}
