import { describe, expect, it } from "vitest";
import { MAX_EXTRA_PAGES, pagesToObserve } from "../page-window";

// A 100,000-item folder in pages of 500, 16 rows in view.
const big = { limit: 500, totalPages: 200 };
const READING = 64; // items a second: 4 screens of 16 rows
const view = (first: number, velocity = 0, of = big) => ({ first, last: first + 15, velocity, ...of });

describe("pagesToObserve", () => {
  it("at rest: the pages in view and a screen either side", () => {
    expect(pagesToObserve(view(1200))).toEqual([3]);
    expect(pagesToObserve(view(490))).toEqual([1, 2]);
    expect(pagesToObserve(view(510))).toEqual([1, 2]);
    expect(pagesToObserve(view(0, 0, { limit: 10, totalPages: 10 }))).toEqual([1, 2, 3, 4]);
  });

  it("scrolling down at a reading speed, asks for the next page half a second before it scrolls in", () => {
    // 32 rows (0.5 s) before page 2 begins at item 500: not yet; within them: yes.
    expect(pagesToObserve(view(450, READING))).toEqual([1]);
    expect(pagesToObserve(view(460, READING))).toEqual([1, 2]);
  });

  it("scrolling up, looks up instead", () => {
    expect(pagesToObserve(view(540, -READING))).toEqual([2]);
    expect(pagesToObserve(view(530, -READING))).toEqual([1, 2]);
    // Going down from the same place does not ask for the page above.
    expect(pagesToObserve(view(530, READING))).toEqual([2]);
  });

  it("looks further ahead the faster the list moves", () => {
    // 600 items a second (a fling of ~40 screens a second): a 500-item page stays in view ~0.86 s, worth fetching,
    // 300 items (0.5 s) ahead.
    expect(pagesToObserve(view(180, 600))).toEqual([1]);
    expect(pagesToObserve(view(190, 600))).toEqual([1, 2]);
  });

  it("fetches nothing while the list moves too fast to read a page", () => {
    expect(pagesToObserve(view(50_000, 2_000))).toEqual([]);
    expect(pagesToObserve(view(50_000, -2_000))).toEqual([]);
    // A jump (End from the top) reads as very fast: nothing; once it lands, only the last page.
    expect(pagesToObserve(view(99_984, 50_000_000))).toEqual([]);
    expect(pagesToObserve(view(99_984))).toEqual([200]);
  });

  it("a fling starts no request and keeps only the pages within a screen of the view", () => {
    // The End key's jump can render at the end (at rest) before its scroll event: what it asked for there is kept.
    const landed = pagesToObserve(view(99_984));
    expect(pagesToObserve(view(99_984, 50_000_000), landed)).toEqual([200]);
    expect(pagesToObserve(view(50_100, 2_000), [99, 100, 101, 102])).toEqual([101]);
    expect(pagesToObserve(view(50_000, 2_000), [99, 100, 101])).toEqual([100, 101]);
  });

  it("small pages: the same speed spans more pages ahead, and a fling sooner", () => {
    const small = { limit: 20, totalPages: 5000 };
    // In view: items 1008-1023 (pages 51, 52); 32 items ahead at a reading speed reach page 53.
    expect(pagesToObserve(view(1008, READING, small))).toEqual([51, 52, 53]);
    // A 20-item page passes a 16-row view in 0.3 s at 120 items a second: placeholders beyond that.
    expect(pagesToObserve(view(1008, 110, small))).toEqual([51, 52, 53, 54]);
    expect(pagesToObserve(view(1000, 130, small))).toEqual([]);
  });

  it("observes at most MAX_EXTRA_PAGES beyond the pages in view, nearest first", () => {
    const tiny = { limit: 1, totalPages: 100_000 };
    const pages = pagesToObserve(view(1000, READING / 4, tiny));
    const inView = Array.from({ length: 16 }, (_, i) => 1001 + i);
    expect(pages).toEqual([...inView, ...Array.from({ length: MAX_EXTRA_PAGES }, (_, i) => 1017 + i)]);
  });

  it("keeps a page asked for ahead when the scroll slows or pauses, so its request is not cancelled", () => {
    const moving = pagesToObserve(view(460, READING));
    expect(moving).toEqual([1, 2]);
    expect(pagesToObserve(view(462), moving)).toEqual([1, 2]);
    expect(pagesToObserve(view(462, 8), moving)).toEqual([1, 2]);
  });

  it("drops pages the view has left behind, and everything on a fling", () => {
    const before = pagesToObserve(view(490, READING));
    expect(before).toEqual([1, 2]);
    // Page 1 ends at item 499: 8 rows above the view is half a screen, still kept; further, dropped.
    expect(pagesToObserve(view(507, READING), before)).toEqual([1, 2]);
    expect(pagesToObserve(view(520, READING), before)).toEqual([2]);
    // Turning round, the page below is left behind as the view climbs away from it.
    expect(pagesToObserve(view(484, -READING), [1, 2])).toEqual([1, 2]);
    expect(pagesToObserve(view(470, -READING), [1, 2])).toEqual([1]);
    expect(pagesToObserve(view(530, 5_000), before)).toEqual([2]);
    expect(pagesToObserve(view(3_000, 5_000), before)).toEqual([]);
  });

  it("keeps no page from far away (another place, another folder)", () => {
    expect(pagesToObserve(view(50_100), [1, 2, 150])).toEqual([101]);
    expect(pagesToObserve(view(0, 0, { limit: 500, totalPages: 1 }), [1, 2])).toEqual([1]);
  });

  it("nothing for an empty list", () => {
    expect(pagesToObserve({ first: 0, last: -1, velocity: 0, limit: 500, totalPages: 0 })).toEqual([]);
  });
});
