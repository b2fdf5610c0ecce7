import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  liftAbove,
  stackBudget,
  stackLevel,
  trackBottomOverlay,
  useBottomOverlay,
  useBottomOverlayReach,
} from "../bottom-overlays";
import { PHONE_QUERY } from "../hooks/use-media-query";

/** A panel `height` px tall (jsdom lays nothing out), or as tall as its content but at most its max-height. */
function panel(height: number): HTMLElement {
  const element = document.createElement("section");
  Object.defineProperty(element, "offsetHeight", {
    get: () => Math.min(height, Number.parseFloat(element.style.maxHeight) || Number.POSITIVE_INFINITY),
  });
  return element;
}

const INFINITY = Number.POSITIVE_INFINITY;

afterEach(() => vi.unstubAllGlobals());

describe("bottom overlays", () => {
  it("stacks the panels above the bottom bar and reports how high the stack reaches", () => {
    const { result } = renderHook(() => useBottomOverlayReach());
    expect(result.current).toBe(0);
    let untrackLow: (() => void) | undefined;
    let untrackHigh: (() => void) | undefined;
    act(() => {
      untrackLow = trackBottomOverlay(panel(100));
      untrackHigh = trackBottomOverlay(panel(60));
    });
    // 80 px up from the bottom, 100 px, 8 px apart, 60 px.
    expect(result.current).toBe(248);
    act(() => untrackLow?.());
    expect(result.current).toBe(140);
    act(() => untrackHigh?.());
    expect(result.current).toBe(0);
  });

  it("lifts a control only as far as it takes to clear the panels", () => {
    expect(liftAbove(0, 85, 12)).toBe(0);
    expect(liftAbove(60, 85, 12)).toBe(0);
    expect(liftAbove(300, 85, 12)).toBe(227);
  });
});

describe("the stack's cap", () => {
  it("leaves the list at least half a phone's window (844 px: the header, half, the bottom bar)", () => {
    expect(stackBudget(844)).toBe(422 - 128 - 80);
    expect(stackBudget(300)).toBe(0);
  });

  it("holds nothing while the panels fit", () => {
    expect(stackLevel([100, 60], INFINITY, 300)).toBe(INFINITY);
    expect(stackLevel([], INFINITY, 0)).toBe(INFINITY);
  });

  it("shares what is left over by the short panels equally among the tall ones", () => {
    // 300 px less two 8 px gaps: the 60 px panel keeps its height, the others get 112 px each.
    expect(stackLevel([300, 60, 200], INFINITY, 300)).toBe(112);
    // Held there, they say only that they want 112 px or more: the same again, so the stack settles.
    expect(stackLevel([112, 60, 112], 112, 300)).toBe(112);
    // One shrinks below it (its job done): the other tall one gets what it left.
    expect(stackLevel([112, 60, 80], 112, 300)).toBe(144);
    // A panel gone: the tall one may grow into the room it left, and once it has grown as far as it needs, none is held.
    expect(stackLevel([112, 60], 112, 300)).toBe(232);
    expect(stackLevel([150, 60], 232, 300)).toBe(INFINITY);
  });

  it("never holds a panel below one line of heading", () => {
    expect(stackLevel([200, 200, 200], INFINITY, 60)).toBe(48);
  });

  it("on a phone, places each panel in the stack and holds the tall ones so the stack fits", () => {
    vi.stubGlobal("innerHeight", 844);
    const matchMedia = window.matchMedia;
    vi.stubGlobal("matchMedia", (query: string) => ({
      ...matchMedia(query),
      matches: query === PHONE_QUERY,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    // The browser's part, played by hand: it applies each panel's style and reports the sizes that changed.
    const resized = new Set<() => void>();
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          resized.add(this.callback);
        }
        disconnect() {
          resized.delete(this.callback);
        }
      },
    );
    const overlays = [0, 1, 2].map(() => renderHook(() => useBottomOverlay()));
    const reach = renderHook(() => useBottomOverlayReach());
    const elements = [300, 60, 250].map(panel);
    const cleanups: ((() => void) | undefined)[] = [];
    act(() => {
      elements.forEach((element, i) => {
        cleanups.push(overlays[i]?.result.current.ref(element));
      });
    });
    const layOut = () =>
      act(() => {
        elements.forEach((element, i) => {
          const maxHeight = overlays[i]?.result.current.style?.maxHeight;
          element.style.maxHeight = maxHeight === undefined ? "" : `${maxHeight}px`;
        });
        for (const callback of [...resized]) callback();
      });
    layOut();
    layOut();
    // The budget (214 px) less two gaps: the short panel keeps its 60 px, the tall ones get 69 px each.
    const held = { maxHeight: 69, overflowY: "auto" };
    expect(overlays.map((o) => o.result.current.style)).toEqual([
      { bottom: 80, ...held },
      { bottom: 80 + 69 + 8, ...held },
      { bottom: 80 + 69 + 8 + 60 + 8, ...held },
    ]);
    expect(reach.result.current).toBe(80 + 69 + 8 + 60 + 8 + 69);
    expect(reach.result.current).toBeLessThanOrEqual(844 / 2 - 128);

    // The lowest closes: the other tall one grows into the room, as far as its 250 px fit (214 less a gap and 60).
    act(() => cleanups[0]?.());
    layOut();
    layOut();
    expect(overlays[2]?.result.current.style).toEqual({
      bottom: 80 + 60 + 8,
      maxHeight: 146,
      ...{ overflowY: "auto" },
    });
    expect(reach.result.current).toBe(80 + 60 + 8 + 146);
    act(() => {
      cleanups[1]?.();
      cleanups[2]?.();
    });
    expect(reach.result.current).toBe(0);
  });
});
