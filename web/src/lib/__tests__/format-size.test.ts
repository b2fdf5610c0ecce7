import { describe, expect, it } from "vitest";
import { formatSize } from "../format-size";

describe("formatSize", () => {
  it("uses JEDEC units with one decimal", () => {
    expect(formatSize(0)).toBe("0 B");
    expect(formatSize(1023)).toBe("1023 B");
    expect(formatSize(1024)).toBe("1 KB");
    expect(formatSize(1536)).toBe("1.5 KB");
    expect(formatSize(1048576)).toBe("1 MB");
    expect(formatSize(1610612736)).toBe("1.5 GB");
    expect(formatSize(1288490189)).toBe("1.2 GB");
    expect(formatSize(2 ** 60)).toBe("1 EB");
  });
  it("moves to the next unit when rounding reaches 1024", () => {
    expect(formatSize(1048575)).toBe("1 MB");
    expect(formatSize(1048000)).toBe("1023.4 KB");
  });
  it("shows 0 B for invalid sizes", () => {
    expect(formatSize(Number.NaN)).toBe("0 B");
    expect(formatSize(-5)).toBe("0 B");
  });
});
