import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { liftAbove, trackBottomOverlay, useBottomOverlayReach } from "../bottom-overlays";

/** A panel whose top is `top` px down the window. */
function panelAt(top: number): HTMLElement {
  const element = document.createElement("section");
  element.getBoundingClientRect = () => new DOMRect(0, top, 100, window.innerHeight - top);
  return element;
}

describe("bottom overlays", () => {
  it("reports the highest panel's reach while panels are attached", () => {
    const { result } = renderHook(() => useBottomOverlayReach());
    expect(result.current).toBe(0);
    let untrackLow: (() => void) | undefined;
    let untrackHigh: (() => void) | undefined;
    act(() => {
      untrackLow = trackBottomOverlay(panelAt(window.innerHeight - 100));
      untrackHigh = trackBottomOverlay(panelAt(window.innerHeight - 300));
    });
    expect(result.current).toBe(300);
    act(() => untrackHigh?.());
    expect(result.current).toBe(100);
    act(() => untrackLow?.());
    expect(result.current).toBe(0);
  });

  it("lifts a control only as far as it takes to clear the panels", () => {
    expect(liftAbove(0, 85, 12)).toBe(0);
    expect(liftAbove(60, 85, 12)).toBe(0);
    expect(liftAbove(300, 85, 12)).toBe(227);
  });
});
