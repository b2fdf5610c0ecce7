import type { components } from "@drive/contract";
import { infiniteQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { api, apiB, type MainAnswerOf, type MainQueryOf } from "@/drive/api/api-client";
import { knownApiGeneration } from "@/drive/api/generation";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import type { ListQuery } from "../lib/list-query";

export type FileListPage = components["schemas"]["FileList"];
type FileCategory = components["schemas"]["Category"];

/** The view keeps categories as the URL has them, comma-joined: the contract's array, as it is sent. */
const categoriesOf = (query: ListQuery) => (query.category ? (query.category.split(",") as FileCategory[]) : undefined);

/**
 * `GET /files`, one page. Pages are separate queries (not one infinite query) so the list can load page 200 of a
 * 100,000-item folder without pages 1..199: the rows in view decide which pages exist in the cache.
 */
export const fileListPageQueryOptions = (query: ListQuery, page: number) =>
  queryOptions({
    queryKey: [...FILES_QUERY_KEY, "list", query, page] as const,
    queryFn: ({ signal }) => api.get("/files", { query: { ...query, page, category: categoriesOf(query) }, signal }),
  });

/** One cursor page of API-B: `{items, meta: {nextCursor?}}`. */
export type CursorPage = MainAnswerOf<"/files", "get">;

/** Which end of a list a cursor walk starts from (lib/cursor-walk.ts). */
export type WalkEnd = "head" | "tail";

/**
 * API-B's `GET /files` as a cursor walk from one end: the head in the list's order, the tail in the opposite order
 * (its first page is the list's last rows); `filesOnly` for the tail of a folders-first server. Under ["files"], so
 * every file mutation refreshes it like the numbered pages.
 */
export const fileListWalkQueryOptions = (query: ListQuery, end: WalkEnd, filesOnly = false) =>
  infiniteQueryOptions({
    queryKey: [...FILES_QUERY_KEY, "list", query, "walk", end, filesOnly] as const,
    queryFn: ({ pageParam, signal }) => {
      const order = end === "tail" ? (query.order === "asc" ? "desc" : "asc") : query.order;
      const params: MainQueryOf<"/files", "get"> = {
        ...query,
        order,
        category: categoriesOf(query),
        type: filesOnly ? "file" : query.type,
        cursor: pageParam || undefined,
      };
      return apiB.get("/files", { query: params, signal });
    },
    initialPageParam: "",
    // Teldrive main sends a cursor after every full page, so the page after the last one may be empty.
    getNextPageParam: (last: CursorPage) => (last.items.length > 0 && last.meta.nextCursor) || undefined,
  });

/** Starts a list's first page (route loaders), the way the server pages: numbered (API-A) or by cursor (API-B). */
export function prefetchFirstPage(queryClient: QueryClient, query: ListQuery): void {
  if (knownApiGeneration() === "B") void queryClient.prefetchInfiniteQuery(fileListWalkQueryOptions(query, "head"));
  else void queryClient.prefetchQuery(fileListPageQueryOptions(query, 1));
}
