import { describe, expect, it } from "vitest";
import { findTypeahead } from "../keyboard";

describe("findTypeahead", () => {
  const entries = [
    [0, "Alpha"],
    [1, "beta"],
    [2, "Bravo"],
    [3, "charlie"],
    [4, "Banana"],
  ] as const;
  it("finds the next name starting with the prefix, case-insensitively", () => {
    expect(findTypeahead(entries, 0, "b")).toBe(1);
    expect(findTypeahead(entries, 0, "br")).toBe(2);
    expect(findTypeahead(entries, 3, "a")).toBe(0);
  });
  it("cycles on a repeated letter", () => {
    expect(findTypeahead(entries, 1, "bb")).toBe(2);
    expect(findTypeahead(entries, 4, "bb")).toBe(1);
  });
  it("answers undefined without a match", () => {
    expect(findTypeahead(entries, 0, "z")).toBeUndefined();
  });
});
