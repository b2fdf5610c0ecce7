import { describe, expect, it } from "vitest";
import { normalizeFolderPath, parentPath } from "@/drive/files/folder-path";
import {
  buildListQuery,
  defaultSort,
  isListView,
  pageSizeToLimit,
  pagesForRange,
  sortFieldOf,
  sortIdOf,
} from "../list-query";

const opts = { sort: { sort: "name" as const, order: "asc" as const }, limit: 50 };

describe("buildListQuery", () => {
  it("my-drive sends the path, defaulting to /", () => {
    expect(buildListQuery({ view: "my-drive" }, opts)).toEqual({ path: "/", sort: "name", order: "asc", limit: 50 });
    expect(buildListQuery({ view: "my-drive", path: "/Docs/2023/" }, opts).path).toBe("/Docs/2023");
  });
  it("recent finds files", () => {
    expect(buildListQuery({ view: "recent" }, opts)).toMatchObject({ operation: "find", type: "file" });
  });
  it("shared finds shared files", () => {
    expect(buildListQuery({ view: "shared" }, opts)).toMatchObject({ operation: "find", shared: true });
  });
  it("browse lists a parent, or finds files of a category", () => {
    expect(buildListQuery({ view: "browse", parentId: "p1" }, opts)).toEqual({
      parentId: "p1",
      sort: "name",
      order: "asc",
      limit: 50,
    });
    expect(buildListQuery({ view: "browse", category: "video" }, opts)).toMatchObject({
      operation: "find",
      type: "file",
      category: "video",
    });
  });
  it("search finds with the filters and a text search type by default", () => {
    expect(buildListQuery({ view: "search", filters: { query: "cat" } }, opts)).toMatchObject({
      operation: "find",
      searchType: "text",
      query: "cat",
    });
  });
});

describe("sorting", () => {
  it("maps sort ids to server fields and back", () => {
    expect(sortFieldOf("sort_files_by_name")).toBe("name");
    expect(sortFieldOf("sort_files_by_date")).toBe("updatedAt");
    expect(sortFieldOf("sort_files_by_size")).toBe("size");
    expect(sortIdOf("updatedAt")).toBe("sort_files_by_date");
  });
  it("defaults per view", () => {
    for (const view of ["my-drive", "browse", "search"] as const) {
      expect(defaultSort(view)).toEqual({ sort: "name", order: "asc" });
    }
    for (const view of ["recent", "shared"] as const) {
      expect(defaultSort(view)).toEqual({ sort: "updatedAt", order: "desc" });
    }
  });
});

describe("helpers", () => {
  it("knows the list views", () => {
    expect(isListView("recent")).toBe(true);
    expect(isListView("storage")).toBe(false);
    expect(isListView("nope")).toBe(false);
  });
  it("normalises paths", () => {
    expect(normalizeFolderPath("")).toBe("/");
    expect(normalizeFolderPath("a//b/")).toBe("/a/b");
    expect(parentPath("/a/b")).toBe("/a");
    expect(parentPath("/a")).toBe("/");
  });
  it("turns the page size setting into a limit", () => {
    expect(pageSizeToLimit("500")).toBe(500);
    expect(pageSizeToLimit("5")).toBe(5);
    expect(pageSizeToLimit("x")).toBe(500);
    expect(pageSizeToLimit("0")).toBe(500);
    expect(pageSizeToLimit("5000")).toBe(1000);
  });
  it("finds only the pages of the rows in view", () => {
    expect(pagesForRange(0, 9, 10, 3)).toEqual([1]);
    expect(pagesForRange(8, 12, 10, 3)).toEqual([1, 2]);
    expect(pagesForRange(99_990, 99_999, 500, 200)).toEqual([200]);
    expect(pagesForRange(25, 40, 10, 3)).toEqual([3]);
    expect(pagesForRange(0, 5, 10, 0)).toEqual([]);
  });
});
