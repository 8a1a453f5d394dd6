/**
 * The middle of `values` once sorted: for an even count, the mean of the two middle values (so
 * [1, 2, 3, 4] gives 2.5, not 3). NaN for no values: there is no middle to report. The input is
 * left as it was.
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
