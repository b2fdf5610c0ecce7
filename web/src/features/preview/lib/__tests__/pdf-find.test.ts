import { describe, expect, it } from "vitest";
import { FIND_FOUND, FIND_NOT_FOUND, FIND_PENDING, FIND_WRAPPED, findStatus, pageFromInput } from "../pdf-find";

describe("pageFromInput", () => {
  it("takes a whole page number of the document", () => {
    expect(pageFromInput("3", 12)).toBe(3);
    expect(pageFromInput(" 12 ", 12)).toBe(12);
  });

  it("refuses numbers outside the document and anything else", () => {
    for (const text of ["0", "13", "", "2.5", "-1", "1e1", "two", "3 4"])
      expect(pageFromInput(text, 12)).toBeUndefined();
  });
});

describe("findStatus", () => {
  it("counts matches as pdf.js reports them", () => {
    expect(findStatus({ query: "x", state: FIND_FOUND, current: 3, total: 12 })).toBe("3 of 12");
    expect(findStatus({ query: "x", state: FIND_WRAPPED, current: 1, total: 12 })).toBe("1 of 12 (from the other end)");
    expect(findStatus({ query: "x", state: FIND_PENDING, current: 2, total: 5 })).toBe("2 of 5");
  });

  it("says when nothing matches, while it searches, and nothing before a query", () => {
    expect(findStatus({ query: "x", state: FIND_NOT_FOUND, current: 0, total: 0 })).toBe("No matches");
    expect(findStatus({ query: "x", state: FIND_PENDING, current: 0, total: 0 })).toBe("Searching…");
    expect(findStatus({ query: " ", state: FIND_FOUND, current: 1, total: 1 })).toBe("");
    expect(findStatus({ query: "x", current: 0, total: 0 })).toBe("");
  });
});
