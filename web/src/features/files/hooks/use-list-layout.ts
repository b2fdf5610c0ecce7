import { type RefObject, useState } from "react";
import { useElementWidth } from "@/lib/hooks/use-element-width";
import { useVirtualRows } from "@/lib/hooks/use-virtual-rows";
import { HEADER_HEIGHT } from "../components/file-list-header";
import { ROW_HEIGHT } from "../components/file-row";
import type { ListQuery } from "../lib/list-query";
import { ScrollSpeed } from "../lib/scroll-speed";
import type { ViewId } from "../stores/view-prefs-store";
import { type useFilePages, useVisiblePages } from "./use-file-pages";
import { listMemory } from "./use-roving-focus";

export const CARD_MIN_WIDTH = 168;
export const CARD_GAP = 12;
export const CARD_ROW_HEIGHT = 212;
export const GRID_PADDING = 12;

/**
 * Rows, columns and the virtualiser of the list or grid, and the pages its rows need: only rows in view are rendered
 * (plus the focused one, so keyboard focus survives scrolling), and the pages around them are fetched as it scrolls.
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
}) {
  const { query, pages } = o;
  const { scrollKey } = o;
  const width = useElementWidth(o.listRef, pages.first.isSuccess);
  const grid = o.viewId === "grid";
  const columns = grid
    ? Math.max(1, Math.floor((width - 2 * GRID_PADDING + CARD_GAP) / (CARD_MIN_WIDTH + CARD_GAP)))
    : 1;
  const count = pages.count;
  const rowCount = Math.ceil(count / columns);
  const rowHeight = grid ? CARD_ROW_HEIGHT : ROW_HEIGHT;
  const focusRow = Math.floor(Math.min(o.focusIndex, Math.max(0, count - 1)) / columns);
  const [scrollSpeed] = useState(() => new ScrollSpeed());

  // Any length: past the browser's largest element the scroll position is scaled (lib/scaled-scroll.ts).
  const virtualizer = useVirtualRows({
    scrollRef: o.listRef,
    count: rowCount,
    rowHeight,
    header: grid ? 0 : HEADER_HEIGHT,
    paddingStart: grid ? GRID_PADDING : 0,
    scrollPaddingStart: grid ? GRID_PADDING : 0,
    overscan: 4,
    keep: focusRow,
    endAnchoredFrom: pages.endAnchoredFrom === undefined ? undefined : Math.ceil(pages.endAnchoredFrom / columns),
    initialOffset: () => listMemory.get(scrollKey)?.offset ?? 0,
    // A pause this long ends a scroll: pages for a jump (End, the scrollbar thumb) are fetched once it lands.
    isScrollingResetDelay: 100,
    onChange: (offset, isScrolling) => {
      listMemory.set(scrollKey, { offset, focus: o.focusIndexRef.current });
      scrollSpeed.record(performance.now(), offset, isScrolling);
    },
  });

  const range = virtualizer.range;
  const visible = useVisiblePages(
    query,
    range
      ? {
          first: range.startIndex * columns,
          last: (range.endIndex + 1) * columns - 1,
          velocity: (scrollSpeed.velocity / rowHeight) * columns,
          limit: query.limit,
          totalPages: pages.totalPages,
        }
      : undefined,
  );
  return { grid, columns, count, rowCount, rowHeight, virtualizer, visible };
}
