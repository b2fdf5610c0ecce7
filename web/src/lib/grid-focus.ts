/**
 * Where the arrow keys, Home, End and the page keys move the focus in a list (1 column) or a grid (n columns) of
 * items with roving focus: the drive's file list, the public share's list and grid, and Photos' months.
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
  /** Rows of uneven length (e.g. folders in rows of their own, a month's pictures): Up and Down keep the column. */
  rows?: FocusRows;
  /**
   * Rows that fit in one screen: PageUp/PageDown then move by rows, keeping the column (to the first or last row
   * where fewer are left; from there to the first or last item), instead of by `pageItems` items.
   */
  pageRows?: number;
  /**
   * Up on the top row and Down on the bottom row leave the focus where it is (the ARIA grid pattern), instead of
   * taking it to the first or last item.
   */
  stayAtEdges?: boolean;
}

/** Rows of `columns` items each (the last may be shorter). */
function evenRows(count: number, columns: number): FocusRows {
  const cols = Math.max(1, columns);
  return {
    rows: Math.ceil(count / cols),
    rowOf: (index) => Math.floor(index / cols),
    firstOf: (row) => row * cols,
    endOf: (row) => Math.min(count, (row + 1) * cols),
  };
}

/**
 * Rows that start at the given indexes (ascending, the first 0) and end where the next starts, the last at `count`:
 * a timeline's months cut into rows.
 */
export function rowsStartingAt(starts: readonly number[], count: number): FocusRows {
  const firstOf = (row: number) => starts[row] ?? count;
  return {
    rows: starts.length,
    rowOf: (index) => {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (firstOf(mid) <= index) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    },
    firstOf,
    endOf: (row) => firstOf(row + 1),
  };
}

/** The item in the same column of the row `step` rows away, or that row's last where it is shorter. */
function verticalStep(g: FocusGeometry, rows: FocusRows, step: number, paging: boolean): number {
  const row = rows.rowOf(g.index);
  const edge = step < 0 ? 0 : g.count - 1;
  let target = row + step;
  if (target < 0 || target >= rows.rows) {
    // A page goes as far as there are rows; an arrow past the edge stays or goes to the end.
    if (!paging) return g.stayAtEdges ? g.index : edge;
    target = Math.max(0, Math.min(rows.rows - 1, target));
    if (target === row) return edge;
  }
  const column = g.index - rows.firstOf(row);
  return Math.min(rows.firstOf(target) + column, rows.endOf(target) - 1);
}

export function nextFocusIndex(key: string, g: FocusGeometry): number | undefined {
  if (g.count === 0) return undefined;
  const clamp = (i: number) => Math.max(0, Math.min(g.count - 1, i));
  const rows = g.rows ?? evenRows(g.count, g.columns);
  const page = (direction: 1 | -1) =>
    g.pageRows === undefined
      ? clamp(g.index + direction * Math.max(1, g.pageItems))
      : verticalStep(g, rows, direction * Math.max(1, g.pageRows), true);
  switch (key) {
    case "ArrowDown":
      return verticalStep(g, rows, 1, false);
    case "ArrowUp":
      return verticalStep(g, rows, -1, false);
    case "ArrowRight":
      return g.columns > 1 ? clamp(g.index + 1) : undefined;
    case "ArrowLeft":
      return g.columns > 1 ? clamp(g.index - 1) : undefined;
    case "Home":
      return 0;
    case "End":
      return g.count - 1;
    case "PageDown":
      return page(1);
    case "PageUp":
      return page(-1);
    default:
      return undefined;
  }
}
