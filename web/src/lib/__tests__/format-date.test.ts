import { describe, expect, it } from "vitest";
import { formatDate } from "../format-date";

describe("formatDate", () => {
  it("formats a date and time", () => {
    const text = formatDate(new Date(2025, 0, 31, 10, 20), "en-US");
    expect(text).toContain("Jan 31, 2025");
    expect(text).toContain("10:20");
  });
  it("is empty for an invalid date", () => {
    expect(formatDate(new Date(""))).toBe("");
  });
});
