import type { components } from "@drive/contract";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { api, apiB } from "@/drive/api/api-client";
import type { ApiGeneration } from "@/drive/api/generation";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import type { ServerFile } from "@/drive/files/file-item";

type Category = components["schemas"]["Category"];

/** What the timeline shows: every picture and video of the drive, newest first. */
const CATEGORIES: Category[] = ["image", "video"];
/** The API's page sizes; the user's page-size setting picks one (Teldrive main sends at most 100 whatever is asked). */
const DEFAULT_LIMIT = 500;
const MAX_LIMIT = 1000;

/** The page-size setting (free numeric text) as a `limit` the server accepts. */
export function timelineLimit(pageSize: string): number {
  const n = Math.floor(Number(pageSize));
  return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_LIMIT) : DEFAULT_LIMIT;
}

export interface TimelinePage {
  items: ServerFile[];
  /** The next page: a number (API-A), a cursor (API-B), or undefined after the last. */
  next?: number | string;
  /** All the pictures and videos, when the server says (API-A). */
  total?: number;
}

const FILTERS = {
  operation: "find",
  type: "file",
  category: CATEGORIES,
  sort: "updatedAt",
  order: "desc",
} as const;

async function timelinePage(
  generation: ApiGeneration,
  limit: number,
  param: number | string,
  signal: AbortSignal,
): Promise<TimelinePage> {
  if (generation === "B") {
    const cursor = typeof param === "string" && param !== "" ? param : undefined;
    const list = await apiB.get("/files", { query: { ...FILTERS, category: CATEGORIES, limit, cursor }, signal });
    // API-B's File is API-A's without the fields only API-A sends; a full page may be followed by an empty one.
    const items = list.items as ServerFile[];
    return { items, next: (items.length > 0 && list.meta.nextCursor) || undefined };
  }
  const page = typeof param === "number" ? param : 1;
  const list = await api.get("/files", { query: { ...FILTERS, category: CATEGORIES, limit, page }, signal });
  const items = list?.items ?? [];
  const totalPages = list?.meta?.totalPages ?? 0;
  return { items, next: page < totalPages && items.length > 0 ? page + 1 : undefined, total: list?.meta?.count };
}

/**
 * The drive's pictures and videos by date, newest first, page after page: numbered on API-A, by cursor on API-B. One
 * infinite query, read from the top as the timeline scrolls (its months need every row before them). Under ["files"],
 * so uploads, moves and deletes refresh it like the file lists.
 */
export const timelineQueryOptions = (generation: ApiGeneration, limit: number) =>
  infiniteQueryOptions({
    queryKey: [...FILES_QUERY_KEY, "timeline", generation, limit] as const,
    queryFn: ({ pageParam, signal }) => timelinePage(generation, limit, pageParam, signal),
    initialPageParam: generation === "B" ? ("" as number | string) : (1 as number | string),
    getNextPageParam: (last: TimelinePage) => last.next,
  });
