import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { liftAbove, trackBottomOverlay, useBottomOverlayReach } from "../bottom-overlays";

/** A panel `height` px tall (jsdom lays nothing out). */
function panel(height: number): HTMLElement {
  const element = document.createElement("section");
  Object.defineProperty(element, "offsetHeight", { value: height });
  return element;
}

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
