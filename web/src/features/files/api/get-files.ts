import type { components } from "@drive/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { knownApiGeneration } from "@/drive/api/generation";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import { cursorPagesLib } from "../hooks/cursor-pages-loader";
import type { ListQuery } from "../lib/list-query";

export type FileListPage = components["schemas"]["FileList"];
type FileCategory = components["schemas"]["Category"];

/** The view keeps categories as the URL has them, comma-joined: the contract's array, as it is sent. */
export const categoriesOf = (query: ListQuery) =>
  query.category ? (query.category.split(",") as FileCategory[]) : undefined;

/**
 * `GET /files`, one page. Pages are separate queries (not one infinite query) so the list can load page 200 of a
 * 100,000-item folder without pages 1..199: the rows in view decide which pages exist in the cache.
 */
export const fileListPageQueryOptions = (query: ListQuery, page: number) =>
  queryOptions({
    queryKey: [...FILES_QUERY_KEY, "list", query, page] as const,
    queryFn: ({ signal }) => api.get("/files", { query: { ...query, page, category: categoriesOf(query) }, signal }),
  });

/** Starts a list's first page (route loaders), the way the server pages: numbered (API-A) or by cursor (API-B). */
export function prefetchFirstPage(queryClient: QueryClient, query: ListQuery): void {
  if (knownApiGeneration() === "B") {
    void cursorPagesLib.load().then((lib) => lib.prefetchHead(queryClient, query));
  } else {
    void queryClient.prefetchQuery(fileListPageQueryOptions(query, 1));
  }
}
