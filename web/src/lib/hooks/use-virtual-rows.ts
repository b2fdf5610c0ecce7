import { type RefObject, useLayoutEffect, useReducer, useRef, useState } from "react";
import { flushSync } from "react-dom";
import {
  contentHeight,
  MAX_SCROLL_SIZE,
  offsetToShowRow,
  type RowLayout,
  rowsInView,
  ScaledScroll,
} from "../scaled-scroll";

export interface VirtualItem {
  index: number;
  /** Top of the row in px from the top of the rows' box (the element of height `totalSize`). */
  start: number;
}

export interface VirtualRowsOptions extends RowLayout {
  scrollRef: RefObject<HTMLElement | null>;
  /** Rows rendered beyond those in view on each side. */
  overscan: number;
  /** Rows always rendered wherever they are (the focused one, so keyboard focus survives scrolling). */
  keep?: number;
  /**
   * Rows from this index on keep their distance from the end when `count` changes: a view whose first row is there
   * moves by the change, so the rows on screen stay where they are.
   */
  endAnchoredFrom?: number;
  /** Virtual scroll offset to start at (a remembered position). */
  initialOffset(): number;
  /** A pause this long ends a scroll. */
  isScrollingResetDelay: number;
  /** Called on every change of the virtual offset or of `isScrolling`. */
  onChange?(offset: number, isScrolling: boolean): void;
}

/**
 * The largest scroll height: MAX_SCROLL_SIZE, unless the `max-scroll-height` localStorage key asks for less (the e2e
 * suite does, so that a folder of 20,000 rows takes the scaled path a million-row folder takes).
 */
function scrollCap(): number {
  const asked = Number(globalThis.localStorage?.getItem("max-scroll-height"));
  return asked > 0 && asked < MAX_SCROLL_SIZE ? asked : MAX_SCROLL_SIZE;
}

/**
 * A virtual list of fixed-height rows in one scroll element, of any length: taller than a browser allows an element
 * to be, the scroll position is mapped (`ScaledScroll`), so every row is reachable by wheel, scrollbar, keys and
 * focus. Render the rows' box `totalSize` px high (with `overflow: clip`, so a kept row far away adds no scroll
 * height) right after the header, and each row at `translateY(start)`.
 */
export function useVirtualRows(o: VirtualRowsOptions) {
  const [map] = useState(() => new ScaledScroll());
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [viewport, setViewport] = useState(0);
  const [cap] = useState(scrollCap);
  const isScrolling = useRef(false);
  const options = useRef(o);
  options.current = o;
  const layout: RowLayout = {
    count: o.count,
    rowHeight: o.rowHeight,
    header: o.header,
    paddingStart: o.paddingStart,
    scrollPaddingStart: o.scrollPaddingStart,
    paddingEnd: o.paddingEnd,
  };
  // Idempotent: the same sizes change nothing, so a render done twice is harmless (the anchor moves once per count).
  const anchor = useRef({ count: o.count, from: o.endAnchoredFrom });
  const was = anchor.current;
  const before = map.virtual;
  const shown = was.count === o.count ? null : rowsInView({ ...layout, count: was.count }, before, viewport);
  map.setExtent({ content: contentHeight(layout), viewport, cap });
  if (shown && was.from !== undefined && shown.first >= was.from)
    map.scrollTo(before + (o.count - was.count) * o.rowHeight);
  anchor.current = { count: o.count, from: o.endAnchoredFrom };

  // The element: its height, its scroll events, the position to start at. Checked after every commit, since the
  // element can appear later than the list (a skeleton first) or be replaced.
  const attached = useRef<HTMLElement | null>(null);
  const detach = useRef<(() => void) | undefined>(undefined);
  useLayoutEffect(() => {
    const el = o.scrollRef.current;
    if (attached.current === el) return;
    detach.current?.();
    detach.current = undefined;
    attached.current = el;
    if (!el) return;
    setViewport(el.clientHeight);
    const resize = new ResizeObserver(() => setViewport(el.clientHeight));
    resize.observe(el);
    map.setExtent({ content: contentHeight(options.current), viewport: el.clientHeight, cap });
    map.scrollTo(options.current.initialOffset());
    // The position is written below, in the effect that follows every commit.
    rerender();

    let idle: ReturnType<typeof setTimeout> | undefined;
    let key = "";
    const update = () => {
      options.current.onChange?.(map.virtual, isScrolling.current);
      const range = rowsInView(options.current, map.virtual, el.clientHeight);
      const next = `${range?.first},${range?.last},${map.shift},${isScrolling.current}`;
      if (next === key) return;
      key = next;
      flushSync(rerender);
    };
    const onScroll = () => {
      const before = map.virtual;
      map.onScroll(el.scrollTop);
      // Our own write read back does not start a scroll.
      if (map.virtual === before && !isScrolling.current) return;
      isScrolling.current = true;
      clearTimeout(idle);
      idle = setTimeout(() => {
        isScrolling.current = false;
        // At rest the thumb moves back to where the rows are; rendered and written in one task, so in one paint.
        map.resync();
        update();
      }, options.current.isScrollingResetDelay);
      update();
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    detach.current = () => {
      clearTimeout(idle);
      resize.disconnect();
      el.removeEventListener("scroll", onScroll);
    };
  });
  useLayoutEffect(
    () => () => {
      detach.current?.();
      detach.current = undefined;
      attached.current = null;
    },
    [],
  );

  // After every commit (the rows' box has its new height): a position the map asked for is written.
  useLayoutEffect(() => {
    const el = o.scrollRef.current;
    if (!el) return;
    const write = map.takeWrite(el.scrollTop);
    if (write !== undefined) el.scrollTop = write;
  });

  const range = rowsInView(layout, map.virtual, viewport);
  const rows: VirtualItem[] = [];
  if (range) {
    const from = Math.max(0, range.first - o.overscan);
    const to = Math.min(o.count - 1, range.last + o.overscan);
    const startOf = (index: number) => o.paddingStart + index * o.rowHeight - map.shift;
    const keep = o.keep !== undefined && o.keep >= 0 && o.keep < o.count ? o.keep : undefined;
    if (keep !== undefined && keep < from) rows.push({ index: keep, start: startOf(keep) });
    for (let index = from; index <= to; index++) rows.push({ index, start: startOf(index) });
    if (keep !== undefined && keep > to) rows.push({ index: keep, start: startOf(keep) });
  }

  return {
    rows,
    /** Rows in view (no overscan), or null before the element is measured or with no rows. */
    range: range && viewport > 0 ? { startIndex: range.first, endIndex: range.last } : null,
    /** Height of the rows' box. */
    totalSize: Math.max(0, map.realSize - o.header),
    offset: map.virtual,
    isScrolling: isScrolling.current,
    /** Brings `index` into view with the least movement. */
    scrollToIndex(index: number) {
      const el = o.scrollRef.current;
      map.scrollTo(offsetToShowRow(layout, index, map.virtual, el?.clientHeight ?? viewport));
      o.onChange?.(map.virtual, isScrolling.current);
      rerender();
    },
  };
}
