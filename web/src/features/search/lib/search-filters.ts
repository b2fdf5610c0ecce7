import type { FindFilters } from "@/features/files/lib/list-query";

export const SEARCH_CATEGORIES = ["archive", "audio", "image", "video", "document", "folder", "other"] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

export const DATE_PRESETS = [7, 30, 90] as const;
/** Spec 9: the custom date range is the value -2. */
export const CUSTOM_DATE = -2;

/** The filter popup's fields (spec 3: category, location, modifiedDate, query, fromDate, toDate, path, deepSearch, searchType). */
export interface SearchForm {
  category: SearchCategory[];
  query: string;
  searchType: "text" | "regex";
  location: "current" | "custom";
  /** Custom Path, used when location is custom. */
  path: string;
  deepSearch: boolean;
  /** Days back (7, 30, 90), CUSTOM_DATE, or undefined for any time. */
  modifiedDate?: number;
  fromDate: string;
  toDate: string;
}

export const DEFAULT_SEARCH_FORM: SearchForm = {
  category: [],
  query: "",
  searchType: "text",
  location: "current",
  path: "",
  deepSearch: false,
  modifiedDate: undefined,
  fromDate: "",
  toDate: "",
};

/** The search route's URL params: only non-empty, non-default filters appear. */
export interface SearchParams {
  query?: string;
  searchType?: "text" | "regex";
  category?: string;
  location?: "current" | "custom";
  path?: string;
  deepSearch?: boolean;
  modifiedDate?: number;
  fromDate?: string;
  toDate?: string;
}

/** Header box text: trimmed, inner whitespace collapsed. */
export function normalizeSearchText(text: string): string {
  return text.trim().replace(/\s+/g, " ");
}

/** Local calendar date as YYYY-MM-DD (what <input type=date> uses). */
export function toIsoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, "0");
  const d = String(date.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

export function daysBefore(today: Date, days: number): string {
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);
  return toIsoDate(d);
}

/**
 * Form -> search route params. `currentPath` is the folder shown when the popup was submitted, given only on a
 * my-drive route: the current-folder location means nothing elsewhere.
 */
export function formToSearchParams(form: SearchForm, opts: { currentPath?: string } = {}): SearchParams {
  const params: SearchParams = {};
  const query = normalizeSearchText(form.query);
  if (query) params.query = query;
  if (form.searchType === "regex") params.searchType = "regex";
  if (form.category.length > 0) params.category = form.category.join(",");
  if (form.location === "custom") {
    const path = form.path.trim();
    if (path) {
      params.location = "custom";
      params.path = path;
    }
  } else if (opts.currentPath) {
    params.path = opts.currentPath;
  }
  if (form.deepSearch) params.deepSearch = true;
  if (form.modifiedDate !== undefined) {
    if (form.modifiedDate === CUSTOM_DATE) {
      if (form.fromDate || form.toDate) params.modifiedDate = CUSTOM_DATE;
      if (form.fromDate) params.fromDate = form.fromDate;
      if (form.toDate) params.toDate = form.toDate;
    } else {
      params.modifiedDate = form.modifiedDate;
    }
  }
  return params;
}

/** URL -> form, so the popup shows what the current search used (and survives a reload). */
export function searchParamsToForm(params: SearchParams): SearchForm {
  const category = (params.category ?? "")
    .split(",")
    .filter((c): c is SearchCategory => (SEARCH_CATEGORIES as readonly string[]).includes(c));
  const custom = params.location === "custom";
  return {
    category,
    query: params.query ?? "",
    searchType: params.searchType ?? "text",
    location: custom ? "custom" : "current",
    path: custom ? (params.path ?? "") : "",
    deepSearch: params.deepSearch ?? false,
    modifiedDate: params.modifiedDate,
    fromDate: params.fromDate ?? "",
    toDate: params.toDate ?? "",
  };
}

/** `updatedAt` filter: a preset is `gte:{today minus N days}`; custom is `gte:{from}` and/or `lte:{to}`. */
export function updatedAtFilter(params: SearchParams, today: Date): string | undefined {
  if (params.modifiedDate === undefined) return undefined;
  if (params.modifiedDate === CUSTOM_DATE) {
    const parts = [params.fromDate && `gte:${params.fromDate}`, params.toDate && `lte:${params.toDate}`].filter(
      Boolean,
    );
    return parts.length > 0 ? parts.join(",") : undefined;
  }
  if (params.modifiedDate > 0) return `gte:${daysBefore(today, params.modifiedDate)}`;
  return undefined;
}

/**
 * Search route params -> `GET /files` find filters. The folder category is a type, not a server category: alone it
 * becomes `type=folder`.
 */
export function searchParamsToFilters(params: SearchParams, today: Date): FindFilters {
  const categories = (params.category ?? "").split(",").filter(Boolean);
  const onlyFolders = categories.length === 1 && categories[0] === "folder";
  return {
    query: params.query,
    searchType: params.searchType ?? "text",
    category: !onlyFolders && categories.length > 0 ? categories.join(",") : undefined,
    type: onlyFolders ? "folder" : undefined,
    path: params.path,
    deepSearch: params.deepSearch,
    updatedAt: updatedAtFilter(params, today),
  };
}

/** Spec 5: neither date after today; To Date not before From Date. Returns a message or undefined. */
export function validateDates(form: Pick<SearchForm, "fromDate" | "toDate">, today: Date): string | undefined {
  const max = toIsoDate(today);
  if (form.fromDate && form.fromDate > max) return "From Date cannot be after today";
  if (form.toDate && form.toDate > max) return "To Date cannot be after today";
  if (form.fromDate && form.toDate && form.toDate < form.fromDate) return "To Date cannot be before From Date";
  return undefined;
}
