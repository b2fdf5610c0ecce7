/**
 * Where the arrow keys, Home, End and the page keys move the focus in a list (1 column) or a grid (n columns) of
 * items with roving focus: the drive's file list and the public share's list and grid.
 */

/** A grid's rows when they are not all `columns` long: how many, which row an index is in, where each starts and ends. */
export interface FocusRows {
  rows: number;
  rowOf(index: number): number;
  firstOf(row: number): number;
  endOf(row: number): number;
}

/** Pure focus movement of the list (1 column) and grid (n columns). */
export interface FocusGeometry {
  index: number;
  count: number;
  columns: number;
  /** Items that fit in one screen, for PageUp/PageDown. */
  pageItems: number;
  /** Rows of uneven length (e.g. folders in rows of their own): Up and Down keep the column, row by row. */
  rows?: FocusRows;
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
