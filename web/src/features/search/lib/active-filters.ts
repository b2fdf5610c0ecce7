import { folderName } from "@/drive/files/folder-path";
import { formatDay } from "@/lib/dates";
import { CUSTOM_DATE, type SearchParams } from "./search-filters";

/** One thing a search is filtered by, as the results page shows it. */
export interface FilterChip {
  key: string;
  label: string;
  /** The search without this filter; absent when it cannot be removed (the scope "Whole drive"). */
  without?: SearchParams;
}

function omit(params: SearchParams, ...keys: Array<keyof SearchParams>): SearchParams {
  const next = { ...params };
  for (const key of keys) delete next[key];
  return next;
}

function dateLabel(params: SearchParams): string | undefined {
  if (params.modifiedDate === undefined) return undefined;
  if (params.modifiedDate !== CUSTOM_DATE) return `Modified in the last ${params.modifiedDate} days`;
  if (params.fromDate && params.toDate) return `Modified ${formatDay(params.fromDate)} – ${formatDay(params.toDate)}`;
  if (params.fromDate) return `Modified since ${formatDay(params.fromDate)}`;
  if (params.toDate) return `Modified until ${formatDay(params.toDate)}`;
  return undefined;
}

/**
 * What a search searched, one chip per filter, each removable on its own. The scope always shows: a folder (and
 * whether its subfolders count) or the whole drive, so nobody mistakes a drive-wide result for a folder's.
 */
export function activeFilters(params: SearchParams): FilterChip[] {
  const chips: FilterChip[] = [];
  if (params.query) {
    chips.push({
      key: "query",
      label: params.searchType === "regex" ? `Matches /${params.query}/` : `“${params.query}”`,
      without: omit(params, "query", "searchType"),
    });
  }
  if (params.path) {
    const name = folderName(params.path);
    chips.push({
      key: "path",
      label: params.deepSearch ? `In ${name} and its subfolders` : `In ${name}`,
      without: omit(params, "path", "location", "deepSearch"),
    });
  } else {
    chips.push({ key: "path", label: "Whole drive" });
  }
  const categories = (params.category ?? "").split(",").filter(Boolean);
  for (const category of categories) {
    const rest = categories.filter((c) => c !== category);
    chips.push({
      key: `category-${category}`,
      label: category === "folder" ? "Folders" : `${category[0]?.toUpperCase()}${category.slice(1)} files`,
      without: rest.length > 0 ? { ...params, category: rest.join(",") } : omit(params, "category"),
    });
  }
  const date = dateLabel(params);
  if (date) chips.push({ key: "date", label: date, without: omit(params, "modifiedDate", "fromDate", "toDate") });
  return chips;
}
