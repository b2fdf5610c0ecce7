import { describe, expect, it } from "vitest";
import {
  CUSTOM_DATE,
  DEFAULT_SEARCH_FORM,
  formToSearchParams,
  normalizeSearchText,
  searchParamsToFilters,
  searchParamsToForm,
  updatedAtFilter,
  validateDates,
} from "../search-filters";

const today = new Date(2025, 2, 15, 12, 0);

describe("normalizeSearchText", () => {
  it("trims and collapses inner whitespace", () => {
    expect(normalizeSearchText("  holiday   photos \t 2024 ")).toBe("holiday photos 2024");
    expect(normalizeSearchText("   ")).toBe("");
  });
});

describe("formToSearchParams", () => {
  it("submits nothing for the defaults", () => {
    expect(formToSearchParams(DEFAULT_SEARCH_FORM)).toEqual({});
  });
  it("submits only non-empty filters", () => {
    expect(
      formToSearchParams({
        ...DEFAULT_SEARCH_FORM,
        query: "  cat  pics ",
        searchType: "regex",
        category: ["image", "video"],
        deepSearch: true,
        modifiedDate: 30,
      }),
    ).toEqual({ query: "cat pics", searchType: "regex", category: "image,video", deepSearch: true, modifiedDate: 30 });
  });
  it("applies the current folder only when given one (a my-drive route)", () => {
    expect(formToSearchParams({ ...DEFAULT_SEARCH_FORM, query: "a" }, { currentPath: "/Docs" })).toEqual({
      query: "a",
      path: "/Docs",
    });
    expect(formToSearchParams({ ...DEFAULT_SEARCH_FORM, query: "a" })).toEqual({ query: "a" });
  });
  it("uses the custom path when location is custom", () => {
    expect(
      formToSearchParams({ ...DEFAULT_SEARCH_FORM, location: "custom", path: " /Work " }, { currentPath: "/Docs" }),
    ).toEqual({ location: "custom", path: "/Work" });
    expect(formToSearchParams({ ...DEFAULT_SEARCH_FORM, location: "custom", path: "" })).toEqual({});
  });
  it("keeps custom dates", () => {
    expect(
      formToSearchParams({ ...DEFAULT_SEARCH_FORM, modifiedDate: CUSTOM_DATE, fromDate: "2025-01-01", toDate: "" }),
    ).toEqual({ modifiedDate: -2, fromDate: "2025-01-01" });
    expect(formToSearchParams({ ...DEFAULT_SEARCH_FORM, modifiedDate: CUSTOM_DATE })).toEqual({});
  });
  it("round-trips through the URL", () => {
    const form = {
      ...DEFAULT_SEARCH_FORM,
      query: "x",
      category: ["audio" as const],
      location: "custom" as const,
      path: "/A",
      modifiedDate: CUSTOM_DATE,
      fromDate: "2025-01-01",
      toDate: "2025-02-01",
    };
    expect(searchParamsToForm(formToSearchParams(form))).toEqual(form);
  });
});

describe("updatedAtFilter", () => {
  it("builds a preset as gte today minus N days", () => {
    expect(updatedAtFilter({ modifiedDate: 7 }, today)).toBe("gte:2025-03-08");
    expect(updatedAtFilter({ modifiedDate: 90 }, today)).toBe("gte:2024-12-15");
  });
  it("builds a custom range", () => {
    expect(updatedAtFilter({ modifiedDate: -2, fromDate: "2025-01-01", toDate: "2025-02-01" }, today)).toBe(
      "gte:2025-01-01,lte:2025-02-01",
    );
    expect(updatedAtFilter({ modifiedDate: -2, toDate: "2025-02-01" }, today)).toBe("lte:2025-02-01");
    expect(updatedAtFilter({ modifiedDate: -2 }, today)).toBeUndefined();
    expect(updatedAtFilter({}, today)).toBeUndefined();
  });
});

describe("searchParamsToFilters", () => {
  it("builds the find filters", () => {
    expect(
      searchParamsToFilters(
        { query: "q", category: "image,video", path: "/A", deepSearch: true, modifiedDate: 7 },
        today,
      ),
    ).toEqual({
      query: "q",
      searchType: "text",
      category: "image,video",
      type: undefined,
      path: "/A",
      deepSearch: true,
      updatedAt: "gte:2025-03-08",
    });
  });
  it("turns the folder chip alone into type=folder", () => {
    expect(searchParamsToFilters({ category: "folder" }, today)).toMatchObject({ type: "folder", category: undefined });
  });
});

describe("validateDates", () => {
  it("caps both dates at today and orders them", () => {
    expect(validateDates({ fromDate: "2025-03-15", toDate: "2025-03-15" }, today)).toBeUndefined();
    expect(validateDates({ fromDate: "2025-03-16", toDate: "" }, today)).toMatch(/From Date/);
    expect(validateDates({ fromDate: "", toDate: "2025-04-01" }, today)).toMatch(/To Date/);
    expect(validateDates({ fromDate: "2025-02-01", toDate: "2025-01-01" }, today)).toMatch(/before From Date/);
  });
});
