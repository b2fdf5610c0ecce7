import type { FindFilters } from "@/drive/files/find-filters";
import { normalizeFolderPath } from "@/drive/files/folder-path";

/** The file-list views of the spec that read `GET /files` (storage is a separate page). */
export const LIST_VIEWS = ["my-drive", "recent", "search", "browse", "shared"] as const;
export type ListView = (typeof LIST_VIEWS)[number];

export function isListView(value: string): value is ListView {
  return (LIST_VIEWS as readonly string[]).includes(value);
}

export const SORT_IDS = ["sort_files_by_name", "sort_files_by_date", "sort_files_by_size"] as const;
export type SortId = (typeof SORT_IDS)[number];
export type SortField = "name" | "updatedAt" | "size";
export type SortOrder = "asc" | "desc";

const SORT_FIELD_BY_ID: Record<SortId, SortField> = {
  sort_files_by_name: "name",
  sort_files_by_date: "updatedAt",
  sort_files_by_size: "size",
};

export function sortFieldOf(sortId: SortId): SortField {
  return SORT_FIELD_BY_ID[sortId];
}

export function sortIdOf(field: SortField): SortId {
  const entry = Object.entries(SORT_FIELD_BY_ID).find(([, f]) => f === field);
  return (entry?.[0] as SortId | undefined) ?? "sort_files_by_name";
}

export interface Sort {
  sort: SortField;
  order: SortOrder;
}

/** Spec 4: name ascending for my-drive, browse, search and category; date descending for recent and shared. */
export function defaultSort(view: ListView): Sort {
  return view === "recent" || view === "shared" ? { sort: "updatedAt", order: "desc" } : { sort: "name", order: "asc" };
}

/** The filters of `GET /files` beyond paging (teldrive-api 3.2). */
export interface ListQuery extends FindFilters {
  operation?: "list" | "find";
  shared?: boolean;
  sort: SortField;
  order: SortOrder;
  limit: number;
}

export type ViewParams =
  | { view: "my-drive"; path?: string }
  | { view: "recent" }
  | { view: "shared" }
  | { view: "browse"; parentId?: string; category?: string }
  | { view: "search"; filters: FindFilters };

export const DEFAULT_PAGE_SIZE = 500;
const MAX_PAGE_SIZE = 1000;

/** The page-size setting is a free numeric text; the server accepts 1..1000. */
export function pageSizeToLimit(pageSize: string | number): number {
  const n = Math.floor(Number(pageSize));
  if (!Number.isFinite(n) || n < 1) return DEFAULT_PAGE_SIZE;
  return Math.min(n, MAX_PAGE_SIZE);
}

/** Spec 7: what each view adds to `GET /files`. */
export function buildListQuery(params: ViewParams, opts: { sort: Sort; limit: number }): ListQuery {
  const base = { sort: opts.sort.sort, order: opts.sort.order, limit: opts.limit };
  switch (params.view) {
    case "my-drive":
      return { ...base, path: normalizeFolderPath(params.path) };
    case "recent":
      return { ...base, operation: "find", type: "file" };
    case "shared":
      return { ...base, operation: "find", shared: true };
    case "browse":
      return params.category
        ? { ...base, operation: "find", type: "file", category: params.category, parentId: params.parentId }
        : { ...base, parentId: params.parentId };
    case "search":
      return { ...base, operation: "find", searchType: "text", ...params.filters };
  }
}

/** Page numbers (1-based) holding the items from `start` to `end` inclusive, limited to existing pages. */
export function pagesForRange(start: number, end: number, limit: number, totalPages: number): number[] {
  if (totalPages < 1 || end < start) return [];
  const first = Math.max(1, Math.floor(Math.max(0, start) / limit) + 1);
  const last = Math.min(totalPages, Math.floor(Math.max(0, end) / limit) + 1);
  const pages: number[] = [];
  for (let page = first; page <= last; page++) pages.push(page);
  return pages;
}
