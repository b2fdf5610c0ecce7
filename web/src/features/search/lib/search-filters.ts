import type { FindFilters } from "@/drive/files/find-filters";
import { toIsoDate } from "@/lib/dates";

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
  /**
   * Where to look. One rule, as the header box: everything below where the search starts, so the whole drive
   * ("everywhere", the default), or a folder with its subfolders (`deepSearch`).
   */
  location: "everywhere" | "current" | "custom";
  /** Custom Path when location is custom; the folder a "current" search came from when it is no longer shown. */
  path: string;
  /** Days back (7, 30, 90), CUSTOM_DATE, or undefined for any time. */
  modifiedDate?: number;
  fromDate: string;
  toDate: string;
}

export const DEFAULT_SEARCH_FORM: SearchForm = {
  category: [],
  query: "",
  searchType: "text",
  location: "everywhere",
  path: "",
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

export function daysBefore(today: Date, days: number): string {
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);
  return toIsoDate(d);
}

/**
 * Form -> search route params. `currentPath` is the folder shown when the popup was submitted, given only on a
 * my-drive route (elsewhere a "current" search keeps the folder it was made in). A folder is searched with its
 * subfolders, as the header box searches everything below the drive's root.
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
      params.deepSearch = true;
    }
  } else if (form.location === "current") {
    const path = opts.currentPath ?? form.path;
    if (path) {
      params.path = path;
      params.deepSearch = true;
    }
  }
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
    location: custom ? "custom" : params.path ? "current" : "everywhere",
    path: params.path ?? "",
    modifiedDate: params.modifiedDate,
    fromDate: params.fromDate ?? "",
    toDate: params.toDate ?? "",
  };
}

/** How dates go to the server: days are the user's own (local time zone), from the first one's start to the last one's end. */
export interface FilterContext {
  /** Now: presets count back from today. */
  today: Date;
  /**
   * The server takes exact instants (`updatedAtInstants` in /capabilities). Teldrive 1.8 takes UTC days only, so the
   * range is widened to the UTC days that cover the local ones: never a day short, at most a few hours more.
   */
  instants: boolean;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Local midnight at the start of an `<input type=date>` value, `days` later. */
function localDayStart(isoDate: string, days = 0): Date | undefined {
  if (!ISO_DATE.test(isoDate)) return undefined;
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d + days);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** `gte` from an instant on, `lt` up to one. */
function bound(op: "gte" | "lt", instant: Date, instants: boolean): string {
  if (instants) return `${op}:${instant.toISOString()}`;
  if (op === "gte") return `gte:${utcDay(instant)}`;
  // The first UTC midnight at or after the instant.
  const midnight = utcDay(instant);
  const exact = instant.toISOString().endsWith("T00:00:00.000Z");
  return `lt:${exact ? midnight : utcDay(new Date(Date.parse(`${midnight}T00:00:00Z`) + 86_400_000))}`;
}

/**
 * `updatedAt` filter. A preset is "from the start of the day N days ago"; a custom range runs from the start of From
 * Date to the end of To Date, both days in the user's time zone.
 */
export function updatedAtFilter(params: SearchParams, ctx: FilterContext): string | undefined {
  if (params.modifiedDate === undefined) return undefined;
  if (params.modifiedDate === CUSTOM_DATE) {
    const from = params.fromDate ? localDayStart(params.fromDate) : undefined;
    const end = params.toDate ? localDayStart(params.toDate, 1) : undefined;
    const parts = [from && bound("gte", from, ctx.instants), end && bound("lt", end, ctx.instants)].filter(Boolean);
    return parts.length > 0 ? parts.join(",") : undefined;
  }
  if (params.modifiedDate > 0) {
    const start = localDayStart(daysBefore(ctx.today, params.modifiedDate));
    return start && bound("gte", start, ctx.instants);
  }
  return undefined;
}

/**
 * Search route params -> `GET /files` find filters. The folder category is a type, not a server category: alone it
 * becomes `type=folder`.
 */
export function searchParamsToFilters(params: SearchParams, ctx: FilterContext): FindFilters {
  const categories = (params.category ?? "").split(",").filter(Boolean);
  const onlyFolders = categories.length === 1 && categories[0] === "folder";
  return {
    query: params.query,
    searchType: params.searchType ?? "text",
    category: !onlyFolders && categories.length > 0 ? categories.join(",") : undefined,
    type: onlyFolders ? "folder" : undefined,
    path: params.path,
    deepSearch: params.deepSearch,
    updatedAt: updatedAtFilter(params, ctx),
  };
}

/**
 * Where the server cannot scope search text to a folder (Teldrive 1.8 ignores `path` when `query` is set without
 * deepSearch), the folder must be named by id instead: `parentId` scopes any find on both servers. Returns the
 * path whose folder id is needed, or undefined when the filters work as they are.
 */
export function folderToResolve(filters: FindFilters, searchLocation: boolean): string | undefined {
  if (searchLocation || !filters.path || !filters.query || filters.deepSearch) return undefined;
  return filters.path;
}

/** Spec 5 and the regex check: the first problem of the form, in words, or undefined. */
export function formProblem(form: SearchForm, today: Date): string | undefined {
  return validateDates(form, today) ?? (form.searchType === "regex" ? regexProblem(form.query) : undefined);
}

/**
 * A pattern the server would refuse. JavaScript's regular expressions are close to PostgreSQL's for what people type
 * (brackets, groups, repetition), so an unbalanced bracket is caught here instead of as a server error.
 */
export function regexProblem(pattern: string): string | undefined {
  const text = normalizeSearchText(pattern);
  if (!text) return undefined;
  try {
    new RegExp(text);
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(error.message.lastIndexOf(":") + 1).trim() : "";
    return `Not a valid regular expression${reason ? ` (${reason.toLowerCase()})` : ""}`;
  }
}

/** Spec 5: neither date after today; To Date not before From Date. Returns a message or undefined. */
export function validateDates(form: Pick<SearchForm, "fromDate" | "toDate">, today: Date): string | undefined {
  const max = toIsoDate(today);
  if (form.fromDate && form.fromDate > max) return "From Date cannot be after today";
  if (form.toDate && form.toDate > max) return "To Date cannot be after today";
  if (form.fromDate && form.toDate && form.toDate < form.fromDate) return "To Date cannot be before From Date";
  return undefined;
}
