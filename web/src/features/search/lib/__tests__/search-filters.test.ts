import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CUSTOM_DATE,
  DEFAULT_SEARCH_FORM,
  folderToResolve,
  formProblem,
  formToSearchParams,
  normalizeSearchText,
  regexProblem,
  searchParamsToFilters,
  searchParamsToForm,
  updatedAtFilter,
  validateDates,
} from "../search-filters";

// Dates are days of the user's time zone: these tests run in one west of UTC (UTC-7 in March) unless they say.
const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "America/Los_Angeles";
});
afterAll(() => {
  process.env.TZ = savedTz;
});
const at = (tz: string) => {
  process.env.TZ = tz;
};

const today = () => new Date(2025, 2, 15, 12, 0);
const ours = () => ({ today: today(), instants: true });
const teldrive = () => ({ today: today(), instants: false });

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
        modifiedDate: 30,
      }),
    ).toEqual({ query: "cat pics", searchType: "regex", category: "image,video", modifiedDate: 30 });
  });
  it("searches everywhere by default, as the header box does, even from a folder", () => {
    expect(formToSearchParams({ ...DEFAULT_SEARCH_FORM, query: "a" }, { currentPath: "/Docs" })).toEqual({
      query: "a",
    });
  });
  it("searches the current folder with its subfolders", () => {
    const current = { ...DEFAULT_SEARCH_FORM, query: "a", location: "current" as const };
    expect(formToSearchParams(current, { currentPath: "/Docs" })).toEqual({
      query: "a",
      path: "/Docs",
      deepSearch: true,
    });
    // Refined on the results page, the search keeps the folder it was made in.
    expect(formToSearchParams(searchParamsToForm({ query: "a", path: "/Docs", deepSearch: true }))).toEqual({
      query: "a",
      path: "/Docs",
      deepSearch: true,
    });
  });
  it("uses the custom path when location is custom", () => {
    expect(
      formToSearchParams({ ...DEFAULT_SEARCH_FORM, location: "custom", path: " /Work " }, { currentPath: "/Docs" }),
    ).toEqual({ location: "custom", path: "/Work", deepSearch: true });
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
  it("builds a preset from the start of the local day N days back", () => {
    expect(updatedAtFilter({ modifiedDate: 7 }, ours())).toBe("gte:2025-03-08T08:00:00.000Z");
    expect(updatedAtFilter({ modifiedDate: 90 }, ours())).toBe("gte:2024-12-15T08:00:00.000Z");
  });
  it("runs a custom range from the first day's start to the last day's end, in the user's time zone", () => {
    expect(updatedAtFilter({ modifiedDate: -2, fromDate: "2025-01-01", toDate: "2025-03-15" }, ours())).toBe(
      "gte:2025-01-01T08:00:00.000Z,lt:2025-03-16T07:00:00.000Z",
    );
    expect(updatedAtFilter({ modifiedDate: -2, toDate: "2025-02-01" }, ours())).toBe("lt:2025-02-02T08:00:00.000Z");
    at("Europe/Berlin");
    expect(updatedAtFilter({ modifiedDate: -2, fromDate: "2025-01-01", toDate: "2025-01-01" }, ours())).toBe(
      "gte:2024-12-31T23:00:00.000Z,lt:2025-01-01T23:00:00.000Z",
    );
    at("America/Los_Angeles");
    expect(updatedAtFilter({ modifiedDate: -2 }, ours())).toBeUndefined();
    expect(updatedAtFilter({ modifiedDate: -2, fromDate: "soon" }, ours())).toBeUndefined();
    expect(updatedAtFilter({}, ours())).toBeUndefined();
  });
  it("sends Teldrive whole UTC days that cover the local ones", () => {
    // West of UTC: 2025-01-01 local runs 08:00Z..08:00Z next day, so the range ends before 2025-01-03 UTC.
    expect(updatedAtFilter({ modifiedDate: -2, fromDate: "2025-01-01", toDate: "2025-01-01" }, teldrive())).toBe(
      "gte:2025-01-01,lt:2025-01-03",
    );
    expect(updatedAtFilter({ modifiedDate: 7 }, teldrive())).toBe("gte:2025-03-08");
    at("Europe/Berlin");
    expect(updatedAtFilter({ modifiedDate: -2, fromDate: "2025-01-01", toDate: "2025-01-01" }, teldrive())).toBe(
      "gte:2024-12-31,lt:2025-01-02",
    );
    at("UTC");
    expect(updatedAtFilter({ modifiedDate: -2, fromDate: "2025-01-01", toDate: "2025-01-01" }, teldrive())).toBe(
      "gte:2025-01-01,lt:2025-01-02",
    );
    at("America/Los_Angeles");
  });
});

describe("searchParamsToFilters", () => {
  it("builds the find filters", () => {
    expect(
      searchParamsToFilters(
        { query: "q", category: "image,video", path: "/A", deepSearch: true, modifiedDate: 7 },
        ours(),
      ),
    ).toEqual({
      query: "q",
      searchType: "text",
      category: "image,video",
      type: undefined,
      path: "/A",
      deepSearch: true,
      updatedAt: "gte:2025-03-08T08:00:00.000Z",
    });
  });
  it("turns the folder chip alone into type=folder", () => {
    expect(searchParamsToFilters({ category: "folder" }, ours())).toMatchObject({
      type: "folder",
      category: undefined,
    });
  });
});

describe("folderToResolve", () => {
  it("asks for the folder's id only where the server would search the whole drive", () => {
    const filters = { query: "a", path: "/Photos" };
    expect(folderToResolve(filters, false)).toBe("/Photos");
    expect(folderToResolve(filters, true)).toBeUndefined();
    expect(folderToResolve({ ...filters, deepSearch: true }, false)).toBeUndefined();
    expect(folderToResolve({ path: "/Photos" }, false)).toBeUndefined();
  });
});

describe("regexProblem", () => {
  it("explains a pattern the server would refuse, before it is sent", () => {
    expect(regexProblem("[ab")).toMatch(/^Not a valid regular expression \(.+\)$/);
    expect(regexProblem("(a")).toMatch(/^Not a valid regular expression/);
    expect(regexProblem("^re.*\\.txt$")).toBeUndefined();
    expect(regexProblem("  ")).toBeUndefined();
    expect(formProblem({ ...DEFAULT_SEARCH_FORM, searchType: "regex", query: "[" }, today())).toMatch(/regular/);
    expect(formProblem({ ...DEFAULT_SEARCH_FORM, searchType: "text", query: "[" }, today())).toBeUndefined();
  });
});

describe("validateDates", () => {
  it("caps both dates at today and orders them", () => {
    expect(validateDates({ fromDate: "2025-03-15", toDate: "2025-03-15" }, today())).toBeUndefined();
    expect(validateDates({ fromDate: "2025-03-16", toDate: "" }, today())).toMatch(/From Date/);
    expect(validateDates({ fromDate: "", toDate: "2025-04-01" }, today())).toMatch(/To Date/);
    expect(validateDates({ fromDate: "2025-02-01", toDate: "2025-01-01" }, today())).toMatch(/before From Date/);
  });
});
