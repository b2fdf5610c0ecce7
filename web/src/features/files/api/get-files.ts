import type { components } from "@drive/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import type { ListQuery } from "../lib/list-query";

export type FileListPage = components["schemas"]["FileList"];
type FileCategory = components["schemas"]["Category"];

/**
 * `GET /files`, one page. Pages are separate queries (not one infinite query) so the list can load page 200 of a
 * 100,000-item folder without pages 1..199: the rows in view decide which pages exist in the cache.
 */
export const fileListPageQueryOptions = (query: ListQuery, page: number) =>
  queryOptions({
    queryKey: [...FILES_QUERY_KEY, "list", query, page] as const,
    queryFn: ({ signal }) =>
      api.get("/files", {
        // The view keeps categories as the URL has them, comma-joined: the contract's array, as it is sent.
        query: { ...query, page, category: query.category ? (query.category.split(",") as FileCategory[]) : undefined },
        signal,
      }),
  });
