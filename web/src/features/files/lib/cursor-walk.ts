/**
 * A cursor-paged list (API-B) in a list that scrolls by index. Cursor pages come only one after another, and the
 * server tells no total, so the list is walked from both ends at once:
 * - the head walk reads the list in its order from the top;
 * - the tail walk reads it in the opposite order from the bottom (its first page is the list's last rows), so End
 *   and a dragged scrollbar reach the last rows after one request, whatever the list holds.
 * Between them is a gap of placeholder rows. Its size is a reserve that both walks eat into, so the rows already on
 * screen keep their index as either walk grows. Only the head's steps grow it (fourfold, when the walks need more room
 * than it has), which moves the tail rows down: a rare jump, and only for a view that scrolled up through the gap.
 * Once the walks meet (a row of one is in the other, or one of them reached the list's end), the count is exact.
 */

export interface WalkRow {
  id?: string;
  type?: string;
}

export interface WalkInput<T extends WalkRow> {
  /** Head pages in list order. */
  head: readonly (readonly T[])[];
  headMore: boolean;
  /** Tail pages as the reversed walk answered them: the first row is the list's last. */
  tail: readonly (readonly T[])[];
  tailMore: boolean;
  /** The tail walk reads files only (a folders-first server, see `tailNeedsFilesOnly`). */
  tailFilesOnly?: boolean;
  /** Rows the server puts in a full page (Teldrive main caps `limit` at 100). */
  pageRows: number;
  /** The reserve of the last layout (0 at first). */
  reserve: number;
}

export interface WalkLayout<T> {
  /** Rows the list shows: exact when `complete`, else head + gap + tail. */
  count: number;
  complete: boolean;
  /** Rows of the list actually loaded (the "N" of "N+ items"). */
  loaded: number;
  headRows: number;
  /** Index of the first tail row. */
  tailStart: number;
  reserve: number;
  itemAt(index: number): T | undefined;
}

/** Placeholder pages the gap holds at least when it is laid out anew, so End and the steps after it fit in it. */
export const RESERVE_PAGES = 8;

export function layoutWalk<T extends WalkRow>(input: WalkInput<T>): WalkLayout<T> {
  const head = input.head.flat();
  const reversed = input.tail.flat();
  const headRows = head.length;
  const tailRows = reversed.length;
  const fromHead = (index: number) => head[index];

  if (!input.headMore) return whole(head);
  if (!input.tailMore && input.tail.length > 0) {
    if (!input.tailFilesOnly) return whole([...reversed].reverse());
    // Every file is in the tail; the folders all come before them, so once the head has reached a file it holds them.
    const folders = head.findIndex((row) => row.type !== "folder");
    if (folders >= 0) return met(head, reversed, folders + tailRows);
  }

  // The walks met: the head's last row is in the tail (p rows before the list's end), or the tail's farthest row is
  // in the head.
  const lastHead = head[headRows - 1]?.id;
  const p = lastHead === undefined ? -1 : reversed.findIndex((row) => row.id === lastHead);
  if (p >= 0) return met(head, reversed, headRows + p);
  const farthestTail = reversed[tailRows - 1]?.id;
  const q = farthestTail === undefined ? -1 : head.findIndex((row) => row.id === farthestTail);
  if (q >= 0) return met(head, reversed, q + tailRows);

  const needed = headRows + tailRows + input.pageRows;
  const reserve =
    needed <= input.reserve
      ? input.reserve
      : Math.max(needed, 4 * (headRows + tailRows), headRows + tailRows + RESERVE_PAGES * input.pageRows);
  const tailStart = reserve - tailRows;
  return {
    count: reserve,
    complete: false,
    loaded: headRows + tailRows,
    headRows,
    tailStart,
    reserve,
    itemAt: (index) =>
      index < headRows ? fromHead(index) : index >= tailStart ? reversed[reserve - 1 - index] : undefined,
  };
}

function whole<T>(rows: readonly T[]): WalkLayout<T> {
  return {
    count: rows.length,
    complete: true,
    loaded: rows.length,
    headRows: rows.length,
    tailStart: rows.length,
    reserve: rows.length,
    itemAt: (index) => rows[index],
  };
}

function met<T>(head: readonly T[], reversed: readonly T[], total: number): WalkLayout<T> {
  const tailStart = total - reversed.length;
  return {
    count: total,
    complete: true,
    loaded: total,
    headRows: head.length,
    tailStart,
    reserve: total,
    itemAt: (index) =>
      index < head.length ? head[index] : index >= tailStart && index < total ? reversed[total - 1 - index] : undefined,
  };
}

/** Rows a page holds: what the first page held when more followed (the server's cap), else the asked `limit`. */
export function pageRowsOf(firstPage: readonly unknown[] | undefined, firstHasMore: boolean, limit: number): number {
  return firstHasMore && firstPage && firstPage.length > 0 ? firstPage.length : limit;
}

/**
 * Whether the server puts folders before files whatever the order (ours does; Teldrive main sorts them together):
 * assumed until a loaded head row shows a folder after a file. It decides how the tail is walked (`tailFilter`).
 */
export function foldersFirst(head: readonly (readonly WalkRow[])[]): boolean {
  let seenFile = false;
  for (const page of head) {
    for (const row of page) {
      if (row.type === "folder" && seenFile) return false;
      if (row.type !== "folder") seenFile = true;
    }
  }
  return true;
}

/**
 * The reversed walk of a list that holds folders and files on a folders-first server must read files only: in the
 * opposite order such a server still sends folders first, which are not the list's last rows.
 */
export function tailNeedsFilesOnly(query: { type?: string }, head: readonly (readonly WalkRow[])[]): boolean {
  return query.type === undefined && foldersFirst(head);
}

export type WalkNeed = "head" | "tail" | undefined;

/** A page is read only if, at the current speed, it would stay in view this long (as for numbered pages). */
const MIN_DWELL_S = 0.3;

/**
 * Which walk to take one more step, for the rows `first`..`last` in view moving at `velocity` rows a second: the one
 * whose end is in or within a screen of the view (the head first), else, for a view inside the gap, the nearer one.
 * None while the list is complete, or moving too fast to read (a fling, a dragged thumb): it steps once it settles.
 */
export function walkNeed(
  layout: Pick<WalkLayout<unknown>, "complete" | "headRows" | "tailStart">,
  view: { first: number; last: number; velocity: number },
  more: { head: boolean; tail: boolean },
  pageRows: number,
): WalkNeed {
  if (layout.complete || view.last < view.first) return undefined;
  const screen = view.last - view.first + 1;
  const speed = Math.abs(view.velocity);
  if (speed > 0 && (pageRows + screen) / speed < MIN_DWELL_S) return undefined;
  const headNear = more.head && view.last + screen >= layout.headRows && view.first < layout.tailStart;
  // The tail steps only while the gap has room for its page: growing the gap would move every tail row (the rows on
  // screen) down; the head's steps grow it instead, which moves nothing above the gap.
  const tailRoom = layout.tailStart - layout.headRows >= 2 * pageRows;
  const tailNear = more.tail && tailRoom && view.first - screen < layout.tailStart && view.last >= layout.headRows;
  if (headNear && tailNear) {
    const toHead = Math.max(0, view.first - layout.headRows);
    const toTail = Math.max(0, layout.tailStart - view.last);
    return toHead <= toTail ? "head" : "tail";
  }
  if (headNear) return "head";
  if (tailNear) return "tail";
  // Rows of the gap in view, and the tail has no room left: the head walks towards them.
  if (more.head && view.last >= layout.headRows && view.first < layout.tailStart) return "head";
  return undefined;
}
