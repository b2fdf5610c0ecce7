import { describe, expect, it } from "vitest";
import {
  contentHeight,
  MAX_SCROLL_SIZE,
  offsetToShowRow,
  type RowLayout,
  rowsInView,
  ScaledScroll,
} from "../scaled-scroll";

const VIEWPORT = 756;
/** The file list: a 44 px sticky header, 48 px rows. */
const list = (count: number): RowLayout => ({
  count,
  rowHeight: 48,
  header: 44,
  paddingStart: 0,
  scrollPaddingStart: 0,
});
const MILLION = list(1_000_000);

function scroller(layout: RowLayout, cap = MAX_SCROLL_SIZE) {
  const map = new ScaledScroll();
  map.setExtent({ content: contentHeight(layout), viewport: VIEWPORT, cap });
  return map;
}

/** The element as the browser has it: writes land, and each one comes back as a scroll event. */
function element(map: ScaledScroll) {
  let scrollTop = 0;
  const flush = () => {
    const write = map.takeWrite(scrollTop);
    if (write !== undefined) {
      scrollTop = write;
      map.onScroll(scrollTop);
    }
  };
  return {
    get scrollTop() {
      return scrollTop;
    },
    /** The user scrolls the element (wheel, thumb, touch). */
    scrollTo(real: number) {
      scrollTop = Math.min(Math.max(real, 0), map.maxReal);
      map.onScroll(scrollTop);
    },
    /** The app scrolls to a virtual offset. */
    show(virtual: number) {
      map.scrollTo(virtual);
      flush();
    },
    rest() {
      map.resync();
      flush();
    },
  };
}

const view = (layout: RowLayout, map: ScaledScroll) => rowsInView(layout, map.virtual, VIEWPORT);

describe("ScaledScroll", () => {
  it("is the identity while the content fits under the cap", () => {
    const layout = list(100_000);
    const map = scroller(layout);
    const el = element(map);
    expect(map.realSize).toBe(contentHeight(layout));
    expect(map.scale).toBe(1);
    el.scrollTo(123_456);
    expect(map.virtual).toBe(123_456);
    el.show(2_000_000);
    expect(el.scrollTop).toBe(2_000_000);
    expect(map.shift).toBe(0);
  });

  it("keeps a million rows under the cap, and the edges exact: End shows the last row, Home the first", () => {
    const map = scroller(MILLION);
    const el = element(map);
    expect(contentHeight(MILLION)).toBeGreaterThan(33_554_428);
    expect(map.realSize).toBe(MAX_SCROLL_SIZE);
    expect(map.scale).toBeGreaterThan(3);

    el.show(map.maxVirtual);
    expect(el.scrollTop).toBe(map.maxReal);
    expect(view(MILLION, map)?.last).toBe(999_999);
    el.show(0);
    expect(el.scrollTop).toBe(0);
    expect(view(MILLION, map)?.first).toBe(0);
  });

  it("a scrollbar thumb dragged to the bottom shows the last rows, and to the middle the middle", () => {
    const map = scroller(MILLION);
    const el = element(map);
    el.scrollTo(map.maxReal / 2);
    const middle = view(MILLION, map);
    expect(middle?.first).toBeGreaterThan(499_000);
    expect(middle?.last).toBeLessThan(501_000);
    el.scrollTo(map.maxReal);
    expect(view(MILLION, map)?.last).toBe(999_999);
  });

  it("wheel steps near the current position move the rows exactly as far as the scroll position", () => {
    const map = scroller(MILLION);
    const el = element(map);
    el.scrollTo(map.maxReal / 3);
    el.rest();
    for (let i = 0; i < 20; i++) {
      const [real, virtual] = [el.scrollTop, map.virtual];
      el.scrollTo(real + 100);
      expect(map.virtual - virtual).toBe(100);
    }
    for (let i = 0; i < 20; i++) {
      const [real, virtual] = [el.scrollTop, map.virtual];
      el.scrollTo(real - 53);
      expect(map.virtual - virtual).toBe(-53);
    }
  });

  it("keyboard steps (a row, a screen) near the current position keep the rows on screen where they are", () => {
    const map = scroller(MILLION);
    const el = element(map);
    el.scrollTo(map.maxReal / 2);
    el.rest();
    const shift = map.shift;
    const real = el.scrollTop;
    el.show(map.virtual + 48);
    expect(el.scrollTop).toBe(real + 48);
    el.show(map.virtual + VIEWPORT - 96);
    expect(el.scrollTop).toBe(real + VIEWPORT - 48);
    expect(map.shift).toBe(shift);
  });

  it("at rest the thumb moves back to where the rows are, without moving the rows", () => {
    const map = scroller(MILLION);
    const el = element(map);
    el.scrollTo(5_000_000);
    for (let i = 0; i < 30; i++) el.scrollTo(el.scrollTop + 120);
    const virtual = map.virtual;
    expect(Math.abs(virtual - el.scrollTop * map.scale)).toBeGreaterThan(VIEWPORT);
    el.rest();
    expect(map.virtual).toBe(virtual);
    expect(Math.abs(el.scrollTop * map.scale - virtual)).toBeLessThan(map.scale);
  });

  it("wheel notches reach every row, down from the top and back up, without skipping one", () => {
    const map = scroller(MILLION);
    const el = element(map);
    let previous = view(MILLION, map);
    let steps = 0;
    const skipped: string[] = [];
    while (el.scrollTop < map.maxReal) {
      el.scrollTo(el.scrollTop + 100);
      // A pause now and then, as people scroll.
      if (++steps % 50 === 0) el.rest();
      const now = view(MILLION, map);
      if ((now?.first ?? 0) > (previous?.last ?? 0) + 1) skipped.push(`${previous?.last} to ${now?.first}`);
      previous = now;
    }
    expect(previous?.last).toBe(999_999);
    while (el.scrollTop > 0) {
      el.scrollTo(el.scrollTop - 100);
      const now = view(MILLION, map);
      if ((now?.last ?? 0) < (previous?.first ?? 0) - 1) skipped.push(`${previous?.first} to ${now?.last}`);
      previous = now;
    }
    expect(previous?.first).toBe(0);
    expect(skipped).toEqual([]);
  });

  it("a long fling without a pause still ends exactly at the last row, and a touchpad step after a pause is exact", () => {
    const map = scroller(MILLION);
    const el = element(map);
    while (el.scrollTop < map.maxReal) el.scrollTo(el.scrollTop + 700);
    expect(view(MILLION, map)?.last).toBe(999_999);
    el.scrollTo(map.maxReal / 2);
    el.rest();
    for (let i = 0; i < 10; i++) {
      const virtual = map.virtual;
      el.scrollTo(el.scrollTop + 700);
      expect(map.virtual - virtual).toBe(700);
    }
  });

  it("ArrowDown and PageDown walk the last rows to the end, and Home returns", () => {
    const map = scroller(MILLION);
    const el = element(map);
    el.show(offsetToShowRow(MILLION, 999_980, map.virtual, VIEWPORT));
    for (let row = 999_981; row < 1_000_000; row++) {
      el.show(offsetToShowRow(MILLION, row, map.virtual, VIEWPORT));
      const inView = view(MILLION, map);
      expect(inView?.last).toBeGreaterThanOrEqual(row);
      expect(inView?.first).toBeLessThanOrEqual(row);
    }
    expect(el.scrollTop).toBe(map.maxReal);
    el.show(offsetToShowRow(MILLION, 0, map.virtual, VIEWPORT));
    expect(el.scrollTop).toBe(0);
    expect(view(MILLION, map)?.first).toBe(0);
  });

  it("rows added or removed keep the rows in view where they are", () => {
    const map = scroller(MILLION);
    const el = element(map);
    el.scrollTo(7_000_000);
    const virtual = map.virtual;
    map.setExtent({ content: contentHeight(list(1_000_500)), viewport: VIEWPORT, cap: MAX_SCROLL_SIZE });
    expect(map.virtual).toBe(virtual);
    expect(map.takeWrite(el.scrollTop)).toBeGreaterThan(0);
  });

  it("a lowered cap takes the same path with fewer rows (the e2e suite's setting)", () => {
    const small = list(20_000);
    const map = scroller(small, 200_000);
    const el = element(map);
    expect(map.realSize).toBe(200_000);
    expect(map.scale).toBeGreaterThan(4);
    el.scrollTo(map.maxReal);
    expect(view(small, map)?.last).toBe(19_999);
  });
});

describe("rowsInView and offsetToShowRow", () => {
  it("count the rows below the sticky header", () => {
    expect(rowsInView(list(100), 0, VIEWPORT)).toEqual({ first: 0, last: 14 });
    expect(rowsInView(list(100), 48, VIEWPORT)).toEqual({ first: 1, last: 15 });
    expect(rowsInView(list(0), 0, VIEWPORT)).toBeUndefined();
  });

  it("scroll the least: a row below to the bottom edge, a row above to just under the header, a row in view not", () => {
    const layout = list(100);
    expect(offsetToShowRow(layout, 20, 0, VIEWPORT)).toBe(44 + 21 * 48 - VIEWPORT);
    expect(offsetToShowRow(layout, 5, 480, VIEWPORT)).toBe(240);
    expect(offsetToShowRow(layout, 12, 480, VIEWPORT)).toBe(480);
    expect(offsetToShowRow(layout, 99, 0, VIEWPORT)).toBe(contentHeight(layout) - VIEWPORT);
  });
});
