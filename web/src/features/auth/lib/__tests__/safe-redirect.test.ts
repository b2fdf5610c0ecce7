import { describe, expect, it } from "vitest";
import { HOME_HREF, safeRedirect } from "../safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-site paths with their search and hash", () => {
    expect(safeRedirect("/my-drive?path=%2FDocs")).toBe("/my-drive?path=%2FDocs");
    expect(safeRedirect("/settings/account#sessions")).toBe("/settings/account#sessions");
    expect(safeRedirect("/recent")).toBe("/recent");
  });
  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "javascript:alert(1)",
    "my-drive",
    "/\t/evil.example",
    "",
  ])("rejects %j", (target) => {
    expect(safeRedirect(target)).toBeUndefined();
  });
  it("rejects non-text values and the sign-in page itself", () => {
    expect(safeRedirect(undefined)).toBeUndefined();
    expect(safeRedirect(42)).toBeUndefined();
    expect(safeRedirect("/login?redirect=/x")).toBeUndefined();
  });
  it("has the drive root as home", () => {
    expect(new URL(HOME_HREF, "http://x").searchParams.get("path")).toBe("/");
    expect(HOME_HREF.startsWith("/my-drive?")).toBe(true);
  });
});
