import { beforeEach, describe, expect, it } from "vitest";
import { useSettings } from "@/drive/settings/settings-store";
import { useViewPrefs } from "../../stores/view-prefs-store";
import { getListQuery, resolveSort } from "../use-list-query";

const inputs = { pageSize: "500", storedSort: { sortId: "sort_files_by_size" as const, order: "desc" as const } };

describe("resolveSort", () => {
  it("my-drive uses the stored sort and ignores the URL", () => {
    expect(resolveSort({ view: "my-drive", path: "/" }, { sort: "name" }, inputs)).toEqual({
      sort: "size",
      order: "desc",
    });
  });
  it("other views default per view unless the URL says otherwise", () => {
    expect(resolveSort({ view: "recent" }, {}, inputs)).toEqual({ sort: "updatedAt", order: "desc" });
    expect(resolveSort({ view: "browse", category: "image" }, {}, inputs)).toEqual({ sort: "name", order: "asc" });
    expect(resolveSort({ view: "shared" }, { order: "asc" }, inputs)).toEqual({ sort: "updatedAt", order: "asc" });
  });
});

describe("getListQuery", () => {
  beforeEach(() => {
    localStorage.clear();
    useSettings.setState({ pageSize: "25" });
    useViewPrefs.setState({ sort: { sortId: "sort_files_by_date", order: "asc" } });
  });
  it("sends the page size as limit and the stored sort for my-drive", () => {
    expect(getListQuery({ view: "my-drive", path: "/Docs" })).toEqual({
      path: "/Docs",
      sort: "updatedAt",
      order: "asc",
      limit: 25,
    });
  });
});
