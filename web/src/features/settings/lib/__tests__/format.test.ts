import { describe, expect, it } from "vitest";
import { channelLabel } from "../channel-label";
import { toIsoDate } from "../format-date";

describe("toIsoDate", () => {
  it("shows a timestamp as yyyy-mm-dd in local time", () => {
    const local = new Date(2025, 0, 5, 12, 0, 0);
    expect(toIsoDate(local.toISOString())).toBe("2025-01-05");
  });
  it("returns unparsable text unchanged", () => {
    expect(toIsoDate("yesterday")).toBe("yesterday");
  });
});

describe("channelLabel", () => {
  it("reads 'name (id)'", () => {
    expect(channelLabel({ channelName: "Files", channelId: 1001 })).toBe("Files (1001)");
  });
});
