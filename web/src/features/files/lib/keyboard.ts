import type { ListGeometry } from "./list-geometry";

/** Pure focus movement of the list (1 column) and grid (n columns). */
export interface FocusGeometry {
  index: number;
  count: number;
  columns: number;
  /** Items that fit in one screen, for PageUp/PageDown. */
  pageItems: number;
  /** The grid's rows where folders have rows of their own: Up and Down keep the column, row by row. */
  rows?: Pick<ListGeometry, "rows" | "rowOf" | "firstOf" | "endOf">;
}

/** The item in the same column of the row `step` rows away, or the row's last where it is shorter. */
function verticalStep(g: FocusGeometry & { rows: NonNullable<FocusGeometry["rows"]> }, step: 1 | -1): number {
  const { rows } = g;
  const row = rows.rowOf(g.index);
  const target = row + step;
  if (target < 0) return 0;
  if (target >= rows.rows) return g.count - 1;
  const column = g.index - rows.firstOf(row);
  return Math.min(rows.firstOf(target) + column, rows.endOf(target) - 1);
}

export function nextFocusIndex(key: string, g: FocusGeometry): number | undefined {
  if (g.count === 0) return undefined;
  const clamp = (i: number) => Math.max(0, Math.min(g.count - 1, i));
  switch (key) {
    case "ArrowDown":
      return g.rows ? verticalStep({ ...g, rows: g.rows }, 1) : clamp(g.index + g.columns);
    case "ArrowUp":
      return g.rows ? verticalStep({ ...g, rows: g.rows }, -1) : clamp(g.index - g.columns);
    case "ArrowRight":
      return g.columns > 1 ? clamp(g.index + 1) : undefined;
    case "ArrowLeft":
      return g.columns > 1 ? clamp(g.index - 1) : undefined;
    case "Home":
      return 0;
    case "End":
      return g.count - 1;
    case "PageDown":
      return clamp(g.index + Math.max(1, g.pageItems));
    case "PageUp":
      return clamp(g.index - Math.max(1, g.pageItems));
    default:
      return undefined;
  }
}

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
