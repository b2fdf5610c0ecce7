import { describe, expect, it } from "vitest";
import { columnsThatFit } from "../grid-columns";

describe("columnsThatFit", () => {
  it("fits as many columns as their least width allows, at least one", () => {
    expect(columnsThatFit(358, 152, 12)).toBe(2);
    expect(columnsThatFit(1120, 176, 12)).toBe(6);
    expect(columnsThatFit(175, 176, 12)).toBe(1);
    expect(columnsThatFit(0, 176, 12)).toBe(1);
  });

  it("keeps a floor the caller asks for", () => {
    expect(columnsThatFit(1200, 150, 4, 3)).toBe(7);
    expect(columnsThatFit(390, 150, 4, 3)).toBe(3);
    expect(columnsThatFit(0, 150, 4, 3)).toBe(3);
  });
});
