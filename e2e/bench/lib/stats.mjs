/** The median of the numbers (mean of the middle two for an even count); null for none. */
export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Runs `measure` `runs` times, one after the other, and returns every result. */
export async function repeat(runs, measure) {
  const results = [];
  for (let run = 0; run < runs; run += 1) results.push(await measure(run));
  return results;
}
