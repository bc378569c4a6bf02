// Small statistics helpers for the bench.

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** Linear interpolation between closest ranks (the usual "type 7" quantile). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const lowValue = sorted[low] as number;
  return lowValue + ((sorted[high] as number) - lowValue) * (position - low);
}
