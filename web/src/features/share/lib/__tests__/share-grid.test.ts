import { describe, expect, it } from "vitest";
import { gridColumns, inRows } from "../share-grid";

describe("the share's grid", () => {
  it("fits as many cards as their least width allows, at least one", () => {
    expect(gridColumns(358, 152, 12)).toBe(2);
    expect(gridColumns(1120, 176, 12)).toBe(6);
    expect(gridColumns(175, 176, 12)).toBe(1);
    expect(gridColumns(0, 176, 12)).toBe(1);
  });

  it("cuts items into rows, the last one shorter", () => {
    expect(inRows([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inRows([], 3)).toEqual([]);
  });
});
