import type { components } from "@drive/contract";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { api, apiB, type MainQueryOf } from "@/drive/api/api-client";
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

const FILTERS = { operation: "find", type: "file", category: CATEGORIES, order: "desc" } as const;

/** How the timeline pages: by when pictures were taken (our server, capability `takenAt`), else by updatedAt. */
export interface TimelineSource {
  generation: ApiGeneration;
  byTakenAt: boolean;
}

/** Whether the timeline walks by cursor (see cursorPage); otherwise it asks numbered pages. */
const byCursor = (source: TimelineSource) => source.generation === "B" || source.byTakenAt;

/**
 * A cursor walk: API-B's only paging, and ours by takenAt, where a picture moves when its first thumbnail reveals its
 * date; a walk lists each item once where it stood as the walk began (page numbers would skip or repeat it).
 */
async function cursorPage(source: TimelineSource, limit: number, param: number | string, signal: AbortSignal) {
  const cursor = typeof param === "string" && param !== "" ? param : undefined;
  // Teldrive main's document, which types the walk, has no takenAt; only our server is asked for it (capability).
  const sort = (source.byTakenAt ? "takenAt" : "updatedAt") as MainQueryOf<"/files", "get">["sort"];
  const list = await apiB.get("/files", { query: { ...FILTERS, category: CATEGORIES, sort, limit, cursor }, signal });
  // API-B's File is API-A's without the fields only API-A sends; a full page may be followed by an empty one.
  const items = list.items as ServerFile[];
  // Our server's first page (no cursor sent) also counts the matches.
  const total = "count" in list.meta && typeof list.meta.count === "number" ? list.meta.count : undefined;
  return { items, next: (items.length > 0 && list.meta.nextCursor) || undefined, total };
}

async function timelinePage(
  source: TimelineSource,
  limit: number,
  param: number | string,
  signal: AbortSignal,
): Promise<TimelinePage> {
  if (byCursor(source)) return cursorPage(source, limit, param, signal);
  const page = typeof param === "number" ? param : 1;
  const query = { ...FILTERS, category: CATEGORIES, sort: "updatedAt", limit, page } as const;
  const list = await api.get("/files", { query, signal });
  const items = list?.items ?? [];
  const totalPages = list?.meta?.totalPages ?? 0;
  return { items, next: page < totalPages && items.length > 0 ? page + 1 : undefined, total: list?.meta?.count };
}

/**
 * The drive's pictures and videos by date, newest first, page after page: by cursor on API-B and on our server by
 * takenAt, else numbered. One infinite query, read from the top as the timeline scrolls (its months need every row
 * before them). Under ["files"], so uploads, moves and deletes refresh it like the file lists.
 */
export const timelineQueryOptions = (source: TimelineSource, limit: number) =>
  infiniteQueryOptions({
    queryKey: [...FILES_QUERY_KEY, "timeline", source.generation, source.byTakenAt, limit] as const,
    queryFn: ({ pageParam, signal }) => timelinePage(source, limit, pageParam, signal),
    initialPageParam: byCursor(source) ? ("" as number | string) : (1 as number | string),
    getNextPageParam: (last: TimelinePage) => last.next,
  });
