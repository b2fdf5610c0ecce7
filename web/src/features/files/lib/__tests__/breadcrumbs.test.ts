import { describe, expect, it } from "vitest";
import { breadcrumbsOf, collapseCrumbs } from "../breadcrumbs";

describe("breadcrumbs", () => {
  it("starts at My Drive and adds one crumb per decoded segment", () => {
    expect(breadcrumbsOf("/")).toEqual([{ name: "My Drive", path: "/" }]);
    expect(breadcrumbsOf("/Docs/My%20Files")).toEqual([
      { name: "My Drive", path: "/" },
      { name: "Docs", path: "/Docs" },
      { name: "My Files", path: "/Docs/My Files" },
    ]);
  });
  it("keeps a malformed escape as typed", () => {
    expect(breadcrumbsOf("/100%")[1]?.name).toBe("100%");
  });
  it("folds the middle of long paths", () => {
    const crumbs = breadcrumbsOf("/a/b/c/d/e");
    const { head, hidden, rest } = collapseCrumbs(crumbs);
    expect(head.map((c) => c.name)).toEqual(["My Drive"]);
    expect(hidden.map((c) => c.name)).toEqual(["a", "b", "c"]);
    expect(rest.map((c) => c.name)).toEqual(["d", "e"]);
    expect(collapseCrumbs(breadcrumbsOf("/a/b")).hidden).toEqual([]);
  });
});
