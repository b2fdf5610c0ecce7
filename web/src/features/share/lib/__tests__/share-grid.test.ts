import { describe, expect, it } from "vitest";
import { inRows } from "../share-grid";

describe("the share's grid", () => {
  it("cuts items into rows, the last one shorter", () => {
    expect(inRows([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inRows([], 3)).toEqual([]);
  });
});
