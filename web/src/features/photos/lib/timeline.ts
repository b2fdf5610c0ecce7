// The Photos timeline as pure arithmetic: items (newest first) grouped by month, laid out as month headings and rows
// of tiles (the keys move across those rows as in every grid: lib/grid-focus.ts).

import { type FocusRows, rowsStartingAt } from "@/lib/grid-focus";

export interface MonthGroup {
  /** "2026-11" in the user's time zone (a picture's `takenAt`: its own wall clock); "unknown" for items without a valid date. */
  key: string;
  /** "November 2026". */
  label: string;
  /** Index of the group's first item in the whole list. */
  start: number;
  count: number;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Month key of a date in the local time zone: "2026-11". */
export function monthKey(date: Date): string {
  return Number.isNaN(date.getTime()) ? "unknown" : `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;
}

/**
 * Consecutive items of one month form a group (the list comes sorted by date, so each month is one run). Labels are
 * the month and year in `locale` (the browser's by default).
 */
export function groupByMonth<T>(items: readonly T[], dateOf: (item: T) => Date, locale?: string): MonthGroup[] {
  const format = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" });
  const groups: MonthGroup[] = [];
  items.forEach((item, index) => {
    const date = dateOf(item);
    const key = monthKey(date);
    const last = groups.at(-1);
    if (last?.key === key) last.count++;
    else groups.push({ key, label: key === "unknown" ? "No date" : format.format(date), start: index, count: 1 });
  });
  return groups;
}

/**
 * Our server's `takenAt` is the camera's wall clock written as UTC (a "floating" time, docs/decisions.md): the same
 * date and time on this device's clock, so the month, day and hour shown are the picture's own in every time zone.
 */
export function wallClock(takenAt: string): Date {
  const at = new Date(takenAt);
  if (Number.isNaN(at.getTime())) return at;
  const local = new Date(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  // The year apart: `new Date(y, …)` reads years 0 to 99 as 1900 to 1999.
  local.setFullYear(at.getUTCFullYear());
  local.setHours(at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds());
  return local;
}

/** When each listed picture was taken, by id: our server's `takenAt` (absent until the server has read it). */
export function takenDates(pages: readonly { items: readonly { id?: string; takenAt?: string }[] }[]) {
  const dates = new Map<string, Date>();
  for (const page of pages)
    for (const { id, takenAt } of page.items) {
      const date = takenAt ? wallClock(takenAt) : undefined;
      if (id && date && !Number.isNaN(date.getTime())) dates.set(id, date);
    }
  return dates;
}

/** The date an item sits at on the timeline, as the server orders it: when it was taken, else its drive time. */
export const timelineDate = (item: { id: string; modDate: Date }, taken: ReadonlyMap<string, Date>): Date =>
  taken.get(item.id) ?? item.modDate;

export type TimelineRow =
  | { kind: "heading"; group: number; top: number; height: number }
  /** Tiles `first`..`first + count - 1` (indexes in the whole list). */
  | { kind: "tiles"; group: number; first: number; count: number; top: number; height: number };

export interface TimelineLayout {
  rows: TimelineRow[];
  /** Height of everything, px. */
  height: number;
  columns: number;
  /** The row of each item (by its index in the whole list). */
  rowOfItem: Int32Array;
  /** The rows of tiles alone (months' rows of uneven length), for the keys' moves. */
  focusRows: FocusRows;
}

export interface TimelineSizes {
  columns: number;
  headingHeight: number;
  /** Height of a row of tiles, gap below it included. */
  rowHeight: number;
}

/** Each month: its heading, then its items `columns` to a row. */
export function layoutTimeline(groups: readonly MonthGroup[], sizes: TimelineSizes): TimelineLayout {
  const columns = Math.max(1, Math.floor(sizes.columns));
  const total = groups.reduce((sum, g) => sum + g.count, 0);
  const rows: TimelineRow[] = [];
  const rowOfItem = new Int32Array(total);
  const tileStarts: number[] = [];
  let top = 0;
  groups.forEach((g, group) => {
    rows.push({ kind: "heading", group, top, height: sizes.headingHeight });
    top += sizes.headingHeight;
    for (let first = g.start; first < g.start + g.count; first += columns) {
      const count = Math.min(columns, g.start + g.count - first);
      rowOfItem.fill(rows.length, first, first + count);
      tileStarts.push(first);
      rows.push({ kind: "tiles", group, first, count, top, height: sizes.rowHeight });
      top += sizes.rowHeight;
    }
  });
  return { rows, height: top, columns, rowOfItem, focusRows: rowsStartingAt(tileStarts, total) };
}

/** Index of the row at `y` px (the last row for anything below the end), or -1 with no rows. */
export function rowAt(rows: readonly TimelineRow[], y: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  if (hi < 0) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((rows[mid]?.top ?? 0) <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The rows from `fromY` to `toY` px (at least partly). */
export function rowsBetween(rows: readonly TimelineRow[], fromY: number, toY: number): number[] {
  const first = rowAt(rows, fromY);
  if (first < 0) return [];
  const indexes: number[] = [];
  for (let i = first; i < rows.length && (rows[i]?.top ?? Number.POSITIVE_INFINITY) < toY; i++) indexes.push(i);
  return indexes;
}
