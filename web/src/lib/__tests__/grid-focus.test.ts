import { describe, expect, it } from "vitest";
import { nextFocusIndex, rowsStartingAt } from "../grid-focus";

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

  it("moves across rows of uneven length as Photos' months are laid out", () => {
    // Two months in rows of 3: [0 1 2] [3 4] | [5 6].
    const rows = rowsStartingAt([0, 3, 5], 7);
    const photos = (index: number, pageRows = 1) => ({
      index,
      count: 7,
      columns: 3,
      pageItems: pageRows * 3,
      pageRows,
      rows,
      stayAtEdges: true,
    });
    const move = (index: number, key: string, pageRows?: number) => nextFocusIndex(key, photos(index, pageRows));
    // Across months, to the same column, to a shorter row's last tile.
    expect(move(2, "ArrowRight")).toBe(3);
    expect(move(4, "ArrowRight")).toBe(5);
    expect(move(6, "ArrowRight")).toBe(6);
    expect(move(0, "ArrowLeft")).toBe(0);
    expect(move(2, "ArrowDown")).toBe(4);
    expect(move(4, "ArrowDown")).toBe(6);
    expect(move(6, "ArrowDown")).toBe(6);
    expect(move(5, "ArrowUp")).toBe(3);
    // Up on the top row stays (where the drive's grid, without stayAtEdges, goes to the first item).
    expect(move(1, "ArrowUp")).toBe(1);
    expect(nextFocusIndex("ArrowUp", { ...photos(1), stayAtEdges: false })).toBe(0);
    // The page keys move by rows in view, keeping the column, as far as there are rows, then to the ends.
    expect(move(1, "PageDown", 5)).toBe(6);
    expect(move(6, "PageUp", 2)).toBe(1);
    expect(move(6, "PageUp", 9)).toBe(1);
    expect(move(1, "PageUp", 2)).toBe(0);
    expect(move(5, "PageDown", 2)).toBe(6);
    expect(move(3, "Home")).toBe(0);
    expect(move(3, "End")).toBe(6);
    expect(move(3, "Enter")).toBeUndefined();
  });

  it("finds the row of an index among rows that start where it is told", () => {
    const rows = rowsStartingAt([0, 3, 5], 7);
    expect(Array.from({ length: 7 }, (_, i) => rows.rowOf(i))).toEqual([0, 0, 0, 1, 1, 2, 2]);
    expect([rows.endOf(0), rows.endOf(1), rows.endOf(2)]).toEqual([3, 5, 7]);
  });
});
