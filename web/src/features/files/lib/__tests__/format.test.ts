import { describe, expect, it } from "vitest";
import { formatDate, formatSize } from "../format";

describe("formatSize", () => {
  it("uses JEDEC units with one decimal", () => {
    expect(formatSize(0)).toBe("0 B");
    expect(formatSize(1023)).toBe("1023 B");
    expect(formatSize(1024)).toBe("1 KB");
    expect(formatSize(1536)).toBe("1.5 KB");
    expect(formatSize(1048576)).toBe("1 MB");
    expect(formatSize(1610612736)).toBe("1.5 GB");
    expect(formatSize(1288490189)).toBe("1.2 GB");
  });
  it("shows 0 B for invalid sizes", () => {
    expect(formatSize(Number.NaN)).toBe("0 B");
    expect(formatSize(-5)).toBe("0 B");
  });
});

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
