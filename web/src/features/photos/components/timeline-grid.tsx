import {
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { FileItem } from "@/drive/files/file-item";
import { columnsThatFit } from "@/lib/grid-columns";
import { nextFocusIndex } from "@/lib/grid-focus";
import { useVirtualRows } from "@/lib/hooks/use-virtual-rows";
import { Spinner } from "@/ui/spinner";
import { layoutTimeline, type MonthGroup, rowAt, rowsBetween } from "../lib/timeline";
import { PhotoTile } from "./photo-tile";

/**
 * The virtualiser (lib/hooks/use-virtual-rows.ts) takes rows of one height; headings and tile rows differ, so it is
 * given rows of UNIT px and every height here is a multiple of it. The rows in its window are then turned back into
 * the timeline's own rows.
 */
const UNIT = 4;
const GAP = 4;
const HEADING = 48;
/** Horizontal padding of the grid (px-3). */
const PADDING = 12;
/** Rows read ahead below the view before the next page is asked for. */
const READ_AHEAD_PX = 1600;

/**
 * The element's width, followed as it changes. (lib/hooks/use-element-width.ts does the same, but sits in the file
 * list's chunk: importing it here would split that chunk off the first page, over its budget.)
 */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export interface TimelineGridProps {
  items: readonly FileItem[];
  groups: readonly MonthGroup[];
  /** The date an item sits at (when it was taken, else its drive time), as its month was chosen. */
  dateOf: (item: FileItem) => Date;
  /** Ids of the starred items (a star on their tile). */
  starred: ReadonlySet<string>;
  hasMore: boolean;
  loadingMore: boolean;
  onNeedMore: () => void;
  onOpen: (item: FileItem) => void;
}

/** The months of pictures and videos: a heading each, tiles below, only the rows near the view rendered. */
export function TimelineGrid({
  items,
  groups,
  dateOf,
  starred,
  hasMore,
  loadingMore,
  onNeedMore,
  onOpen,
}: TimelineGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useWidth(scrollRef);
  const inner = Math.max(0, width - 2 * PADDING);
  const columns = columnsThatFit(inner, inner < 600 ? 96 : 150, GAP, 3);
  const tile = Math.max(UNIT, (inner - (columns - 1) * GAP) / columns);
  const rowHeight = Math.ceil((tile + GAP) / UNIT) * UNIT;
  const layout = useMemo(
    () => layoutTimeline(groups, { columns, headingHeight: HEADING, rowHeight }),
    [groups, columns, rowHeight],
  );
  const [focused, setFocused] = useState(0);
  const focusIndex = Math.max(0, Math.min(focused, items.length - 1));
  const focusPending = useRef(false);

  const virtual = useVirtualRows({
    scrollRef,
    count: layout.height / UNIT,
    rowHeight: UNIT,
    header: 0,
    paddingStart: 0,
    // The current month's heading stays on top: a row brought into view goes below it.
    scrollPaddingStart: HEADING,
    overscan: Math.ceil(600 / UNIT),
    initialOffset: () => 0,
    isScrollingResetDelay: 150,
  });
  const firstUnit = virtual.rows[0];
  const lastUnit = virtual.rows.at(-1);
  const base = firstUnit ? firstUnit.start - firstUnit.index * UNIT : 0;
  const bottom = lastUnit ? (lastUnit.index + 1) * UNIT : 0;
  const shown = firstUnit ? rowsBetween(layout.rows, firstUnit.index * UNIT, bottom) : [];
  // The focused tile stays rendered wherever it is, so the focus survives scrolling.
  const focusRow = items.length > 0 ? (layout.rowOfItem[focusIndex] ?? -1) : -1;
  if (focusRow >= 0 && !shown.includes(focusRow)) shown.push(focusRow);
  const current = groups[layout.rows[rowAt(layout.rows, virtual.offset)]?.group ?? -1];

  const needMore = hasMore && !loadingMore && bottom + READ_AHEAD_PX >= layout.height;
  useEffect(() => {
    if (needMore) onNeedMore();
  }, [needMore, onNeedMore]);

  useLayoutEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    scrollRef.current?.querySelector<HTMLElement>(`[data-index="${focusIndex}"]`)?.focus({ preventScroll: true });
  });

  const dayFormat = useMemo(() => new Intl.DateTimeFormat(undefined, { dateStyle: "long" }), []);
  const indexOf = (event: { target: EventTarget }) => {
    const tileEl = (event.target as HTMLElement).closest<HTMLElement>("[data-index]");
    return tileEl ? Number(tileEl.dataset.index) : undefined;
  };
  const onClick = (event: MouseEvent) => {
    const index = indexOf(event);
    const item = index === undefined ? undefined : items[index];
    if (index === undefined || !item) return;
    setFocused(index);
    onOpen(item);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = indexOf(event);
    if (index === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    const viewport = scrollRef.current?.clientHeight ?? 0;
    const pageRows = Math.max(1, Math.floor((viewport - HEADING) / rowHeight));
    // Up and Down keep the column from month to month; PageUp and PageDown move by the rows in view.
    const next = nextFocusIndex(event.key, {
      index,
      count: layout.rowOfItem.length,
      columns: layout.columns,
      pageItems: pageRows * layout.columns,
      pageRows,
      rows: layout.focusRows,
      stayAtEdges: true,
    });
    if (next === undefined) return;
    event.preventDefault();
    const row = layout.rows[layout.rowOfItem[next] ?? -1];
    if (!row) return;
    // Its bottom, then its top: the whole row in view, below the heading.
    virtual.scrollToIndex((row.top + row.height) / UNIT - 1);
    virtual.scrollToIndex(row.top / UNIT);
    focusPending.current = true;
    setFocused(next);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: clicks and keys of the tiles (buttons) are handled here, by delegation
    <div
      ref={scrollRef}
      className="relative min-h-0 flex-1 overflow-auto"
      data-testid="photos-timeline"
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      {current && (
        <div className="sticky top-0 z-10 h-0" aria-hidden>
          <div
            className="flex items-end bg-surface/95 px-3 pb-2 text-sm font-medium"
            style={{ height: HEADING }}
            data-testid="photos-current-month"
          >
            {current.label}
          </div>
        </div>
      )}
      <div className="relative" style={{ height: virtual.totalSize, overflow: "clip" }}>
        {shown.map((r) => {
          const row = layout.rows[r];
          if (!row) return null;
          const style = { height: row.height, transform: `translateY(${base + row.top}px)` };
          if (row.kind === "heading") {
            return (
              <h2
                key={`h${row.group}`}
                className="absolute inset-x-0 flex items-end px-3 pb-2 text-sm font-medium"
                style={style}
              >
                {groups[row.group]?.label}
              </h2>
            );
          }
          return (
            <div
              key={`t${row.first}`}
              className="absolute inset-x-0 grid px-3"
              style={{ ...style, gap: GAP, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
            >
              {items.slice(row.first, row.first + row.count).map((item, i) => (
                <div key={item.id} style={{ height: rowHeight - GAP }}>
                  <PhotoTile
                    item={item}
                    index={row.first + i}
                    focusable={row.first + i === focusIndex}
                    starred={starred.has(item.id)}
                    day={Number.isNaN(dateOf(item).getTime()) ? "no date" : dayFormat.format(dateOf(item))}
                  />
                </div>
              ))}
            </div>
          );
        })}
      </div>
      {hasMore && (
        <div className="flex justify-center py-4">
          <Spinner label="Loading more photos" />
        </div>
      )}
    </div>
  );
}
