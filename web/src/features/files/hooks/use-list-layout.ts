import { type RefObject, useRef, useState } from "react";
import { columnsThatFit } from "@/lib/grid-columns";
import { useElementWidth } from "@/lib/hooks/use-element-width";
import { useVirtualRows } from "@/lib/hooks/use-virtual-rows";
import { HEADER_HEIGHT } from "../components/file-list-header";
import { ROW_HEIGHT } from "../components/file-row";
import {
  CARD_GAP,
  CARD_MIN_WIDTH,
  CARD_ROW_HEIGHT,
  CARD_SLOTS,
  FOLDER_ROW_HEIGHT,
  GRID_PADDING,
} from "../lib/grid-sizes";
import { type ListGeometry, leadingFolders, listGeometry } from "../lib/list-geometry";
import type { ListQuery } from "../lib/list-query";
import { ScrollSpeed } from "../lib/scroll-speed";
import type { ViewId } from "../stores/view-prefs-store";
import { type useFilePages, useVisiblePages } from "./use-file-pages";
import { listMemory } from "./use-roving-focus";

/** One rendered row of the list or grid: a layout row of `ListGeometry` and its top in the rows' box. */
export interface LayoutRow {
  index: number;
  start: number;
}

/**
 * Rows, columns and the virtualiser of the list or grid, and the pages its rows need: only rows in view are rendered
 * (plus the focused one, so keyboard focus survives scrolling), and the pages around them are fetched as it scrolls.
 * In the grid the leading folders (folders come first on our server) are compact tiles in rows of their own.
 */
export function useListLayout(o: {
  query: ListQuery;
  pages: ReturnType<typeof useFilePages>;
  viewId: ViewId;
  listRef: RefObject<HTMLDivElement | null>;
  /** Where the scroll offset is remembered (see `listMemory`). */
  scrollKey: string;
  focusIndex: number;
  focusIndexRef: RefObject<number>;
  /** Room kept below the last row (for a floating button over the list's end). */
  paddingEnd: number;
}) {
  const { query, pages } = o;
  const { scrollKey } = o;
  const width = useElementWidth(o.listRef, pages.first.isSuccess);
  const grid = o.viewId === "grid";
  const columns = grid ? columnsThatFit(width - 2 * GRID_PADDING, CARD_MIN_WIDTH, CARD_GAP) : 1;
  const count = pages.count;
  const foldersSeen = useRef(0);
  const folders = grid ? leadingFolders(pages.itemAt, count, foldersSeen.current).folders : 0;
  foldersSeen.current = folders;
  const geometry: ListGeometry = listGeometry({ count, columns, folders, cardSlots: grid ? CARD_SLOTS : 1 });
  const rowCount = geometry.rows;
  /** Height of one virtual slot; a file row of the grid spans several. */
  const slotHeight = grid ? FOLDER_ROW_HEIGHT : ROW_HEIGHT;
  const rowHeight = grid ? CARD_ROW_HEIGHT : ROW_HEIGHT;
  const focusRow = geometry.rowOf(Math.min(o.focusIndex, Math.max(0, count - 1)));
  const [scrollSpeed] = useState(() => new ScrollSpeed());

  // Any length: past the browser's largest element the scroll position is scaled (lib/scaled-scroll.ts).
  const virtualizer = useVirtualRows({
    scrollRef: o.listRef,
    count: geometry.slots,
    rowHeight: slotHeight,
    header: grid ? 0 : HEADER_HEIGHT,
    paddingStart: grid ? GRID_PADDING : 0,
    scrollPaddingStart: grid ? GRID_PADDING : 0,
    paddingEnd: o.paddingEnd,
    overscan: grid ? 4 * CARD_SLOTS : 4,
    keep: geometry.slotOf(focusRow),
    endAnchoredFrom:
      pages.endAnchoredFrom === undefined ? undefined : geometry.slotOf(geometry.rowOf(pages.endAnchoredFrom)),
    initialOffset: () => listMemory.get(scrollKey)?.offset ?? 0,
    // A pause this long ends a scroll: pages for a jump (End, the scrollbar thumb) are fetched once it lands.
    isScrollingResetDelay: 100,
    onChange: (offset, isScrolling) => {
      listMemory.set(scrollKey, { offset, focus: o.focusIndexRef.current });
      scrollSpeed.record(performance.now(), offset, isScrolling);
    },
  });

  // Slots to layout rows: a file row whose first slot is above the view still starts where its first slot does.
  const rows: LayoutRow[] = [];
  for (const slot of virtualizer.rows) {
    const index = geometry.rowOfSlot(slot.index);
    if (rows.some((r) => r.index === index)) continue;
    rows.push({ index, start: slot.start - (slot.index - geometry.slotOf(index)) * slotHeight });
  }

  /** Brings the whole row holding the item into view with the least movement. */
  const scrollToItem = (index: number) => {
    const row = geometry.rowOf(index);
    const slot = geometry.slotOf(row);
    virtualizer.scrollToIndex(slot + geometry.spanOf(row) - 1);
    virtualizer.scrollToIndex(slot);
  };

  const range = virtualizer.range;
  const visible = useVisiblePages(
    query,
    range
      ? {
          first: geometry.firstOf(geometry.rowOfSlot(range.startIndex)),
          last: geometry.endOf(geometry.rowOfSlot(range.endIndex)) - 1,
          velocity: (scrollSpeed.velocity / rowHeight) * columns,
          limit: query.limit,
          totalPages: pages.totalPages,
        }
      : undefined,
  );
  return { grid, columns, count, rowCount, rowHeight, geometry, rows, scrollToItem, virtualizer, visible };
}
