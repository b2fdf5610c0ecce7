import { describe, expect, it } from "vitest";
import { progressBarAllowed } from "../progress-bar";

describe("progressBarAllowed", () => {
  it("is off on search and settings paths", () => {
    expect(progressBarAllowed("/search")).toBe(false);
    expect(progressBarAllowed("/settings/general")).toBe(false);
  });
  it("is on elsewhere, including paths that merely start with those words", () => {
    expect(progressBarAllowed("/my-drive")).toBe(true);
    expect(progressBarAllowed("/recent")).toBe(true);
    expect(progressBarAllowed("/searching")).toBe(true);
  });
});
