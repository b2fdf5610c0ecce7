import { describe, expect, it } from "vitest";
import { activeFilters } from "../active-filters";

describe("activeFilters", () => {
  it("names each filter and what the search looks like without it", () => {
    const params = {
      query: "beach",
      path: "/Photos/2024",
      deepSearch: true,
      category: "image,video",
      modifiedDate: 30,
    };
    expect(activeFilters(params)).toEqual([
      {
        key: "query",
        label: "“beach”",
        without: { path: "/Photos/2024", deepSearch: true, category: "image,video", modifiedDate: 30 },
      },
      {
        key: "path",
        label: "In 2024 and its subfolders",
        without: { query: "beach", category: "image,video", modifiedDate: 30 },
      },
      { key: "category-image", label: "Image files", without: { ...params, category: "video" } },
      { key: "category-video", label: "Video files", without: { ...params, category: "image" } },
      {
        key: "date",
        label: "Modified in the last 30 days",
        without: { query: "beach", path: "/Photos/2024", deepSearch: true, category: "image,video" },
      },
    ]);
  });

  it("always says the scope: a folder, My Drive itself, or the whole drive", () => {
    expect(activeFilters({ query: "a" }).map((c) => [c.label, c.without !== undefined])).toEqual([
      ["“a”", true],
      ["Whole drive", false],
    ]);
    expect(activeFilters({ query: "a", path: "/" })[1]?.label).toBe("In My Drive");
    expect(activeFilters({ query: "a", searchType: "regex" })[0]).toMatchObject({ label: "Matches /a/", without: {} });
  });

  it("describes custom dates", () => {
    const labels = (p: object) => activeFilters(p).map((c) => c.label);
    expect(labels({ modifiedDate: -2, fromDate: "2024-11-01" })).toContain(
      `Modified since ${new Date(2024, 10, 1).toLocaleDateString(undefined, { dateStyle: "medium" })}`,
    );
    expect(labels({ modifiedDate: -2, toDate: "2024-11-05" }).at(-1)).toMatch(/^Modified until /);
    expect(labels({ modifiedDate: -2, fromDate: "2024-11-01", toDate: "2024-11-05" }).at(-1)).toMatch(
      /^Modified .+ – .+$/,
    );
  });
});
