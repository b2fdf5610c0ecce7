import { infiniteQueryOptions } from "@tanstack/react-query";
import { apiB, type MainAnswerOf, type MainQueryOf } from "@/drive/api/api-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import type { ListQuery } from "../lib/list-query";
import { categoriesOf } from "./get-files";

// API-B's `GET /files` (loaded with the cursor paging hooks, only on API-B servers).

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
