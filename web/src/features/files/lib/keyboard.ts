/**
 * Type-ahead: the first loaded item after `from` (wrapping) whose name starts with `prefix`. A repeated single
 * letter ("aaa") cycles through the items starting with that letter.
 */
export function findTypeahead(
  entries: ReadonlyArray<readonly [index: number, name: string]>,
  from: number,
  prefix: string,
): number | undefined {
  if (!prefix || entries.length === 0) return undefined;
  const lower = prefix.toLowerCase();
  const cycling = lower.length > 1 && [...lower].every((c) => c === lower[0]);
  const needle = cycling ? lower.slice(0, 1) : lower;
  const sorted = [...entries].sort((a, b) => a[0] - b[0]);
  // A fresh prefix may match the focused item itself; a cycle moves on from it.
  const start = needle.length > 1 || !cycling ? from : from + 1;
  const after = sorted.filter(([i]) => i >= start);
  const before = sorted.filter(([i]) => i < start);
  const match = [...after, ...before].find(([, name]) => name.toLowerCase().startsWith(needle));
  return match?.[0];
}
