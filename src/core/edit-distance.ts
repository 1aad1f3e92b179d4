// "Did you mean": the console's commands and the scripts' flags share one distance.

/** Edit distance (insertions, deletions, substitutions, swaps of neighbours), for "did you mean". */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/**
 * The closest of `known` to `typed`, or null: a unique prefix, or within 1 edit (2 for words of 6 letters or more,
 * leading dashes of a flag not counted), so "--hourz" finds "--hours" and "--bogus" finds nothing.
 */
export function nearestWord(typed: string, known: readonly string[]): string | null {
  const t = typed.toLowerCase().slice(0, 40);
  if (!t) return null;
  const prefixed = known.filter((k) => k.toLowerCase().startsWith(t));
  if (prefixed.length === 1) return prefixed[0]!;
  let best: { word: string; d: number } | null = null;
  for (const k of known) {
    const d = editDistance(t, k.toLowerCase());
    const letters = k.replace(/^-+/, '').length;
    if (d <= Math.min(letters >= 6 ? 2 : 1, letters - 1) && (!best || d < best.d)) best = { word: k, d };
  }
  return best?.word ?? null;
}
