import { describe, expect, it } from "vitest";
import { nextFocusIndex } from "../grid-focus";

describe("nextFocusIndex", () => {
  const list = { index: 5, count: 100_000, columns: 1, pageItems: 10 };
  it("moves in a list", () => {
    expect(nextFocusIndex("ArrowDown", list)).toBe(6);
    expect(nextFocusIndex("ArrowUp", list)).toBe(4);
    expect(nextFocusIndex("ArrowLeft", list)).toBeUndefined();
    expect(nextFocusIndex("Home", list)).toBe(0);
    expect(nextFocusIndex("End", list)).toBe(99_999);
    expect(nextFocusIndex("PageDown", list)).toBe(15);
    expect(nextFocusIndex("PageUp", list)).toBe(0);
    expect(nextFocusIndex("x", list)).toBeUndefined();
  });
  it("moves in two dimensions in a grid and stays inside", () => {
    const grid = { index: 5, count: 12, columns: 4, pageItems: 8 };
    expect(nextFocusIndex("ArrowDown", grid)).toBe(9);
    expect(nextFocusIndex("ArrowUp", grid)).toBe(1);
    expect(nextFocusIndex("ArrowRight", grid)).toBe(6);
    expect(nextFocusIndex("ArrowLeft", grid)).toBe(4);
    expect(nextFocusIndex("ArrowDown", { ...grid, index: 10 })).toBe(11);
    expect(nextFocusIndex("ArrowUp", { ...grid, index: 2 })).toBe(0);
  });
  it("does nothing in an empty list", () => {
    expect(nextFocusIndex("End", { index: 0, count: 0, columns: 1, pageItems: 1 })).toBeUndefined();
  });
});
