import { describe, expect, it } from "vitest";
import { channelLabel } from "../channel-label";

describe("channelLabel", () => {
  it("reads 'name (id)'", () => {
    expect(channelLabel({ channelName: "Files", channelId: 1001 })).toBe("Files (1001)");
  });
});
