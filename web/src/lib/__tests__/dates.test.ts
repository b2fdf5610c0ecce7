import { describe, expect, it } from "vitest";
import { endOfDay, formatDate, formatDay, toIsoDate } from "../dates";

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

describe("toIsoDate", () => {
  it("shows a date or a timestamp as yyyy-mm-dd in local time", () => {
    const local = new Date(2025, 0, 5, 12, 0, 0);
    expect(toIsoDate(local)).toBe("2025-01-05");
    expect(toIsoDate(local.toISOString())).toBe("2025-01-05");
  });
  it("returns unparsable text unchanged", () => {
    expect(toIsoDate("yesterday")).toBe("yesterday");
  });
});

describe("formatDay", () => {
  it("shows a calendar day as that local day, and an instant as its local day", () => {
    const expected = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(2025, 0, 5));
    expect(formatDay("2025-01-05")).toBe(expected);
    expect(formatDay(new Date(2025, 0, 5, 12).toISOString())).toBe(expected);
    expect(formatDay("soon")).toBe("soon");
  });
  it("ends a date input's day at 23:59:59 local time", () => {
    const iso = endOfDay("2030-05-01");
    expect(iso && new Date(iso).getHours()).toBe(23);
    expect(endOfDay("2030-5-1")).toBeUndefined();
  });
});
